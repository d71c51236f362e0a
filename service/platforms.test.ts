import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhookBody } from "../shared/webhook-signature";
import { startTestPlatforms, type TestPlatforms } from "./test-support/platforms";
import { startWebhookReceiver, type WebhookReceiver } from "./test-support/webhook-receiver";

// One process hosting a sandbox and a production platform at one base URL (issue 27): the credential selects the
// platform, and neither sees the other's data.

let platforms: TestPlatforms;
let receiver: WebhookReceiver;

beforeAll(async () => {
  platforms = await startTestPlatforms();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await platforms?.close();
  await receiver?.close();
});

type Json = Record<string, unknown> & { data?: { id: string; platformCustomerId: string }[] };

async function createCustomer(api: TestPlatforms["sandbox"], platformCustomerId: string): Promise<string> {
  const response = await api.api("/customers", {
    method: "POST",
    json: { platformCustomerId, customerType: "INDIVIDUAL" },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function listedIds(api: TestPlatforms["sandbox"]): Promise<string[]> {
  const response = await api.api("/customers?limit=100");
  expect(response.status).toBe(200);
  return ((await response.json()) as Json).data?.map((customer) => customer.id) ?? [];
}

describe("a sandbox and a production platform behind one port", () => {
  it("keeps each platform's customers to its own credential", async () => {
    const inProduction = await createCustomer(platforms.production, "prod-customer");
    const inSandbox = await createCustomer(platforms.sandbox, "sandbox-customer");
    expect(await listedIds(platforms.production)).toEqual([inProduction]);
    expect(await listedIds(platforms.sandbox)).toEqual([inSandbox]);
    expect((await platforms.sandbox.api(`/customers/${inProduction}`)).status).toBe(404);
    expect((await platforms.production.api(`/customers/${inSandbox}`)).status).toBe(404);
  });

  it("refuses the sandbox endpoints to the production credential in the API's error shape", async () => {
    const response = await platforms.production.api("/sandbox/send", {
      method: "POST",
      json: { reference: "X", currencyCode: "USD", currencyAmount: 100 },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      status: 403,
      code: "FORBIDDEN",
      message: expect.any(String),
    });
  });

  it("signs production's webhooks with production's key, which sandbox's key does not verify", async () => {
    const patched = await platforms.production.api("/config", {
      method: "PATCH",
      json: { webhookEndpoint: receiver.url },
    });
    expect(patched.status).toBe(200);
    const before = receiver.received.length;
    expect((await platforms.production.api("/webhooks/test", { method: "POST" })).status).toBe(200);
    const webhook = await receiver.waitFor(
      (w) => receiver.received.indexOf(w) >= before && w.body.type === "TEST",
    );
    const header = String(webhook.headers["x-service-signature"]);
    expect(verifyWebhookBody(platforms.production.publicKeyPem, webhook.rawBody, header)).toBe(true);
    expect(verifyWebhookBody(platforms.sandbox.publicKeyPem, webhook.rawBody, header)).toBe(false);
    // The sandbox's own endpoint is still unset: production's configuration is its own.
    expect((await (await platforms.sandbox.api("/config")).json()).webhookEndpoint).toBeUndefined();
  });

  it("answers an API token made in production on production only", async () => {
    const created = await platforms.production.api("/tokens", {
      method: "POST",
      json: { name: "production reader", permissions: ["VIEW"] },
    });
    expect(created.status).toBe(201);
    const token = (await created.json()) as { clientId: string; clientSecret: string };
    const authorization = `Basic ${Buffer.from(`${token.clientId}:${token.clientSecret}`).toString("base64")}`;
    const listed = await platforms.fetchAs(authorization, "/customers");
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as Json).data?.map((c) => c.platformCustomerId)).toEqual(["prod-customer"]);
    const tokens = (await (await platforms.sandbox.api("/tokens")).json()) as { data: unknown[] };
    expect(tokens.data).toEqual([]);
    // A sandbox token still reaches the sandbox.
    const sandboxToken = (await (
      await platforms.sandbox.api("/tokens", { method: "POST", json: { name: "s", permissions: ["VIEW"] } })
    ).json()) as { clientId: string; clientSecret: string };
    const sandboxAuth = `Basic ${Buffer.from(`${sandboxToken.clientId}:${sandboxToken.clientSecret}`).toString("base64")}`;
    const sandboxList = await platforms.fetchAs(sandboxAuth, "/customers");
    expect(((await sandboxList.json()) as Json).data?.map((c) => c.platformCustomerId)).toEqual([
      "sandbox-customer",
    ]);
  });

  it("answers bad credentials 401 in the API's shape, never a 500", async () => {
    for (const authorization of [
      "",
      "Bearer x",
      `Basic ${Buffer.from("prod_token:wrong").toString("base64")}`,
      `Basic ${Buffer.from("tok_unknown:wrong").toString("base64")}`,
    ]) {
      const response = await platforms.fetchAs(authorization, "/customers");
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    }
  });

  it("hands out production's hosted KYC pages under /production, served by production", async () => {
    const response = await platforms.production.api("/customers/kyc-link?platformCustomerId=prod-kyc");
    expect(response.status).toBe(200);
    const { kycUrl } = (await response.json()) as { kycUrl: string };
    expect(kycUrl).toMatch(new RegExp(`^${platforms.origin}/production/hosted/kyc/[A-Za-z0-9_-]{20,}$`));
    const page = await fetch(kycUrl);
    expect(page.status).toBe(200);
    // Its form posts back to production's page, under the prefix.
    const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1];
    expect(new URL(action ?? "", kycUrl).toString()).toBe(kycUrl);
    expect((await fetch(kycUrl.replace("/production/", "/"))).status).toBe(404);
  });

  it("hands out production's invitation pages under /production, showing the invitation without a claim form", async () => {
    const created = await platforms.production.api("/customers", {
      method: "POST",
      json: { platformCustomerId: "prod-inviter", customerType: "INDIVIDUAL", fullName: "Pia Prod" },
    });
    const { umaAddress } = (await created.json()) as { umaAddress: string };
    const invited = await platforms.production.api("/invitations", {
      method: "POST",
      json: { inviterUma: umaAddress, firstName: "Pia" },
    });
    expect(invited.status).toBe(200);
    const { url, code } = (await invited.json()) as { url: string; code: string };
    expect(url).toBe(`${platforms.origin}/production/i/${code}`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1>Pia invites you to UMA</h1>");
    expect(html).not.toContain("<form");
    const posted = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "inviteeUma=%24friend%40other.example",
    });
    expect(posted.status).toBe(403);
    expect(
      ((await (await platforms.production.api(`/invitations/${code}`)).json()) as { status: string }).status,
    ).toBe("PENDING");
    // The sandbox knows no such invitation.
    expect((await fetch(url.replace("/production/", "/"))).status).toBe(404);
  });

  it("reports both databases in its health", async () => {
    const ready = await fetch(`${platforms.origin}/_local/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ok",
      checks: { database: "ok", productionDatabase: "ok" },
    });
    expect((await fetch(`${platforms.origin}/_local/health`)).status).toBe(200);
    // Production's public key is served under its prefix.
    const key = await (await fetch(`${platforms.origin}/production/_local/webhook-public-key`)).text();
    expect(key.trim()).toBe(platforms.production.publicKeyPem.trim());
  });
});
