import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhookBody } from "../../../shared/webhook-signature";
import { environmentInCookieHeader } from "../../universal/environments/names";
import { parseConsoleEnv } from "../env";
import { verifyEnvironmentSignature } from "../webhooks/environment-signature";
import { readEnvironmentValue, signedEnvironmentValue } from "./cookie-signature";
import { runInEnvironment } from "./current";
import { configuredEnvironments } from "./settings";

const BASE = {
  DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
  AUTH_SECRET: "a-test-secret-that-is-long-enough-for-the-schema",
  PAYMENT_API_BASE_URL: "http://127.0.0.1:1/2025-10-13",
  PAYMENT_API_TOKEN_ID: "sandbox-token",
  PAYMENT_API_CLIENT_SECRET: "sandbox-secret",
};

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  return { privateKey, publicPem: publicKey.export({ type: "spki", format: "pem" }).toString() };
}

describe("the environments a console holds", () => {
  it("holds one environment without a second credential", () => {
    const e = parseConsoleEnv(BASE);
    expect(configuredEnvironments(e).map((one) => one.name)).toEqual(["sandbox"]);
  });

  it("holds production beside the sandbox when its credential is given", () => {
    const e = parseConsoleEnv({
      ...BASE,
      PAYMENT_API_PRODUCTION_TOKEN_ID: "production-token",
      PAYMENT_API_PRODUCTION_CLIENT_SECRET: "production-secret",
    });
    expect(configuredEnvironments(e).map((one) => [one.name, one.tokenId])).toEqual([
      ["sandbox", "sandbox-token"],
      ["production", "production-token"],
    ]);
  });

  it("holds the sandbox beside production when production is the first", () => {
    const e = parseConsoleEnv({
      ...BASE,
      PAYMENT_API_ENVIRONMENT: "production",
      PAYMENT_API_SANDBOX_TOKEN_ID: "second",
      PAYMENT_API_SANDBOX_CLIENT_SECRET: "second-secret",
    });
    expect(configuredEnvironments(e).map((one) => one.name)).toEqual(["production", "sandbox"]);
  });

  it("refuses a second credential that names the first environment, or half of one, naming only variables", () => {
    expect(() =>
      parseConsoleEnv({ ...BASE, PAYMENT_API_SANDBOX_TOKEN_ID: "x", PAYMENT_API_SANDBOX_CLIENT_SECRET: "y" }),
    ).toThrow(/PAYMENT_API_SANDBOX_TOKEN_ID/);
    const half = () => parseConsoleEnv({ ...BASE, PAYMENT_API_PRODUCTION_TOKEN_ID: "only-the-id" });
    expect(half).toThrow(/PAYMENT_API_PRODUCTION_CLIENT_SECRET/);
    expect(half).not.toThrow(/only-the-id/);
  });

  it("reads the switch's cookie among others", () => {
    expect(environmentInCookieHeader("a=1; console-environment=production; b=2")).toBe("production");
    expect(environmentInCookieHeader("a=1")).toBeNull();
    expect(environmentInCookieHeader(undefined)).toBeNull();
    // Only a pair whose name is the cookie's, however the header is spaced; the first such pair.
    expect(environmentInCookieHeader("console-environment=sandbox")).toBe("sandbox");
    expect(environmentInCookieHeader(" console-environment = production ;x=1")).toBe("production");
    expect(environmentInCookieHeader("a=1;\tconsole-environment=production")).toBe("production");
    expect(environmentInCookieHeader("my-console-environment=production")).toBeNull();
    expect(environmentInCookieHeader("a=console-environment=production")).toBeNull();
    expect(environmentInCookieHeader("console-environment-2=production")).toBeNull();
    expect(environmentInCookieHeader("console-environment")).toBeNull();
    expect(environmentInCookieHeader("console-environment=; console-environment=production")).toBe("");
  });
});

describe("a payment API call acts on the environment it runs in", () => {
  it("signs in with that environment's credential", async () => {
    Object.assign(process.env, {
      ...BASE,
      PAYMENT_API_PRODUCTION_TOKEN_ID: "production-token",
      PAYMENT_API_PRODUCTION_CLIENT_SECRET: "production-secret",
    });
    const { upstreamTarget } = await import("../payment-api/target");
    const basic = (tokenId: string, secret: string) =>
      `Basic ${Buffer.from(`${tokenId}:${secret}`).toString("base64")}`;
    expect(upstreamTarget().authorization).toBe(basic("sandbox-token", "sandbox-secret"));
    expect(runInEnvironment("production", () => upstreamTarget().authorization)).toBe(
      basic("production-token", "production-secret"),
    );
    // Across awaits, as a request's work runs.
    const later = await runInEnvironment("production", async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return upstreamTarget().authorization;
    });
    expect(later).toBe(basic("production-token", "production-secret"));
  });
});

describe("a webhook's environment is the one whose key verifies it", () => {
  const sandbox = keyPair();
  const production = keyPair();
  const e = parseConsoleEnv({
    ...BASE,
    WEBHOOK_PUBLIC_KEY: sandbox.publicPem,
    PAYMENT_API_PRODUCTION_TOKEN_ID: "production-token",
    PAYMENT_API_PRODUCTION_CLIENT_SECRET: "production-secret",
    WEBHOOK_PRODUCTION_PUBLIC_KEY: production.publicPem,
  });
  const body = JSON.stringify({ id: "Webhook:1", type: "INCOMING_PAYMENT" });

  it("names the sandbox for the sandbox's signature and production for production's", () => {
    expect(verifyEnvironmentSignature(e, body, signWebhookBody(sandbox.privateKey, body))).toEqual({
      valid: true,
      environment: "sandbox",
    });
    expect(verifyEnvironmentSignature(e, body, signWebhookBody(production.privateKey, body))).toEqual({
      valid: true,
      environment: "production",
    });
  });

  it("refuses a signature by neither key", () => {
    const stranger = keyPair();
    expect(verifyEnvironmentSignature(e, body, signWebhookBody(stranger.privateKey, body))).toEqual({
      valid: false,
      reason: "bad_signature",
    });
  });
});

describe("the environment cookie is the console's own, for one person (issue 46 item 14b)", () => {
  const secret = BASE.AUTH_SECRET;
  const ada = "0b7c8a44-7f35-4c44-8d7e-1f2a3b4c5d6e";
  const sam = "5a1d9c2e-0c4b-4f6e-9a8b-7c6d5e4f3a2b";

  it("reads back a value the console signed, with the person it was signed for", () => {
    const value = signedEnvironmentValue("production", ada, secret);
    expect(readEnvironmentValue(value, secret)).toEqual({
      kind: "signed",
      environment: "production",
      userId: ada,
    });
  });

  it("takes a value written by hand, or moved to another environment, person or secret, for forged", () => {
    expect(readEnvironmentValue("production", secret)).toEqual({ kind: "forged", asks: "production" });
    const sandbox = signedEnvironmentValue("sandbox", ada, secret);
    const moved = `production${sandbox.slice("sandbox".length)}`;
    expect(readEnvironmentValue(moved, secret)).toEqual({ kind: "forged", asks: "production" });
    const another = signedEnvironmentValue("production", ada, secret).replace(ada, sam);
    expect(readEnvironmentValue(another, secret)).toEqual({ kind: "forged", asks: "production" });
    const other = signedEnvironmentValue("production", ada, "another-secret-that-is-long-enough-for-it");
    expect(readEnvironmentValue(other, secret)).toEqual({ kind: "forged", asks: "production" });
    expect(readEnvironmentValue(`staging.v1.${ada}.x`, secret)).toEqual({ kind: "forged", asks: null });
    expect(readEnvironmentValue(`${signedEnvironmentValue("production", ada, secret)}.x`, secret).kind).toBe(
      "forged",
    );
  });
});
