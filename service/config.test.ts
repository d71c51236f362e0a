import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadServiceConfig } from "./config";

const dir = mkdtempSync(path.join(tmpdir(), "service-config-"));
const keyFile = (name: string) => {
  const file = path.join(dir, name);
  const { privateKey } = generateKeyPairSync("ec", {
    namedCurve: "P-256",
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  writeFileSync(file, privateKey);
  return file;
};
const sandboxKey = keyFile("sandbox.pem");
const productionKey = keyFile("production.pem");

const base = {
  SERVICE_DATABASE_URL: "postgres://localhost/sandbox",
  SERVICE_API_TOKEN_ID: "sandbox_id",
  SERVICE_API_CLIENT_SECRET: "sandbox_secret",
  SERVICE_WEBHOOK_PRIVATE_KEY_FILE: sandboxKey,
};
const productionCredential = {
  SERVICE_PRODUCTION_TOKEN_ID: "production_id",
  SERVICE_PRODUCTION_CLIENT_SECRET: "production_secret",
};

const load = (extra: Record<string, string>) =>
  loadServiceConfig({ ...base, ...extra } as Record<string, string> as NodeJS.ProcessEnv);

describe("loadServiceConfig: environments", () => {
  it("hosts one platform that accepts both credentials when production has no database (as before)", () => {
    const config = load(productionCredential);
    expect(config.credentials.map((c) => c.environment)).toEqual(["sandbox", "production"]);
    expect(config.productionPlatform).toBeUndefined();
  });

  it("hosts a production platform with its own database and key when both are given", () => {
    const config = load({
      ...productionCredential,
      SERVICE_PRODUCTION_DATABASE_URL: "postgres://localhost/production",
      SERVICE_PRODUCTION_WEBHOOK_PRIVATE_KEY_FILE: productionKey,
    });
    expect(config.productionPlatform?.databaseUrl).toBe("postgres://localhost/production");
    expect(config.productionPlatform?.webhookPrivateKeyPem).not.toBe(config.webhookPrivateKeyPem);
  });

  it.each([
    [
      "a production database without its key",
      { ...productionCredential, SERVICE_PRODUCTION_DATABASE_URL: "postgres://localhost/production" },
      "SERVICE_PRODUCTION_WEBHOOK_PRIVATE_KEY_FILE is required",
    ],
    [
      "a production database without the credential",
      {
        SERVICE_PRODUCTION_DATABASE_URL: "postgres://localhost/production",
        SERVICE_PRODUCTION_WEBHOOK_PRIVATE_KEY_FILE: productionKey,
      },
      "SERVICE_PRODUCTION_DATABASE_URL needs SERVICE_PRODUCTION_TOKEN_ID",
    ],
    [
      "the sandbox's database for production",
      {
        ...productionCredential,
        SERVICE_PRODUCTION_DATABASE_URL: base.SERVICE_DATABASE_URL,
        SERVICE_PRODUCTION_WEBHOOK_PRIVATE_KEY_FILE: productionKey,
      },
      "must differ from SERVICE_DATABASE_URL",
    ],
    ["half a production credential", { SERVICE_PRODUCTION_TOKEN_ID: "production_id" }, "go together"],
  ])("stops with a configuration error naming the setting: %s", (_label, extra, message) => {
    expect(() => load(extra)).toThrow(
      expect.objectContaining({ name: "ConfigurationError", message: expect.stringContaining(message) }),
    );
  });
});
