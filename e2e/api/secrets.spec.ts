import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import {
  E2E_DATA_DIR,
  localSecrets,
  productionWebhookPrivateKey,
  webhookPrivateKey,
} from "../support/environment";
import { signInRequest } from "../support/session";

/** Every form in which a secret of this run could leak. */
function secretForms(): { name: string; value: string }[] {
  const secrets = localSecrets();
  const keyBody = (pem: string) =>
    pem
      .split("\n")
      .filter((line) => line && !line.startsWith("-----"))
      .join("");
  return [
    { name: "API client secret", value: secrets.apiClientSecret },
    {
      name: "Basic credential",
      value: Buffer.from(`${secrets.apiTokenId}:${secrets.apiClientSecret}`).toString("base64"),
    },
    { name: "session secret", value: secrets.authSecret },
    { name: "database password", value: secrets.databasePassword },
    { name: "database password (URL-encoded)", value: encodeURIComponent(secrets.databasePassword) },
    { name: "webhook private key", value: keyBody(webhookPrivateKey()).slice(0, 48) },
    { name: "production client secret", value: secrets.productionClientSecret },
    {
      name: "production Basic credential",
      value: Buffer.from(`${secrets.productionTokenId}:${secrets.productionClientSecret}`).toString("base64"),
    },
    { name: "production webhook private key", value: keyBody(productionWebhookPrivateKey()).slice(0, 48) },
    { name: "private key marker", value: "PRIVATE KEY-----" },
    { name: "database URL", value: "postgres://postgres:" },
  ];
}

function files(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const full = path.join(directory, entry);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

function leaksIn(where: string, text: string): string[] {
  return secretForms()
    .filter((secret) => text.includes(secret.value))
    .map((secret) => `${secret.name} in ${where}`);
}

test("no secret is in the browser bundle", () => {
  const staticDir = path.join(process.env.NEXT_DIST_DIR || ".next", "static");
  const found = files(staticDir).flatMap((file) => leaksIn(file, readFileSync(file, "latin1")));
  expect(found).toEqual([]);
});

test("no secret is in any page or API response, whoever asks", async ({ baseURL }) => {
  const found: string[] = [];
  for (const role of ["viewer", "admin"] as const) {
    const client = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { origin: baseURL ?? "" },
    });
    await signInRequest(client, role);
    for (const url of [
      "/",
      "/login",
      "/approvals",
      "/team",
      "/audit",
      "/api/approvals",
      "/api/team",
      "/api/audit",
      "/api/payments/config",
      "/api/payments/customers",
      "/api/payments/transactions",
      "/api/payments/_local/webhook-deliveries",
      "/api/payments/not-a-route",
      "/api/auth/session",
    ]) {
      const response = await client.get(url);
      found.push(...leaksIn(`${role} ${url}`, JSON.stringify(response.headers()) + (await response.text())));
    }
    const failed = await client.post("/api/payments/customers", { data: { customerType: "X" } });
    found.push(...leaksIn(`${role} error body`, await failed.text()));
  }
  expect(found).toEqual([]);
});

test("no secret is in the logs of this run", () => {
  const log = readFileSync(path.join(E2E_DATA_DIR, "logs", "start.log"), "utf8");
  expect(log.length).toBeGreaterThan(0);
  expect(leaksIn("start.log", log)).toEqual([]);
});
