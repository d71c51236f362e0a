import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_PATH } from "../../service/config";
import { startTestPlatforms, type TestPlatforms } from "../../service/test-support/platforms";
import { ensureWebhookEndpoint } from "./seed";

let platforms: TestPlatforms;
beforeAll(async () => {
  platforms = await startTestPlatforms();
});
afterAll(async () => {
  await platforms?.close();
});

const production = { tokenId: "prod_token", clientSecret: "prod_secret_0123456789" };
const endpointOf = async (api: TestPlatforms["sandbox"]) =>
  ((await (await api.api("/config")).json()) as { webhookEndpoint?: string }).webhookEndpoint;

describe("ensureWebhookEndpoint", () => {
  it("sets production's endpoint through the API once, leaving the sandbox's and a chosen one alone", async () => {
    const base = `${platforms.origin}${BASE_PATH}`;
    expect(await ensureWebhookEndpoint(base, production, "http://127.0.0.1:9/api/webhooks")).toBe(true);
    expect(await endpointOf(platforms.production)).toBe("http://127.0.0.1:9/api/webhooks");
    expect(await endpointOf(platforms.sandbox)).toBeUndefined();
    expect(await ensureWebhookEndpoint(base, production, "http://127.0.0.1:9/other")).toBe(false);
    expect(await endpointOf(platforms.production)).toBe("http://127.0.0.1:9/api/webhooks");
  });

  it("names the status, not the credential, when the API refuses", async () => {
    const wrong = { tokenId: "prod_token", clientSecret: "not-the-secret" };
    const failure = ensureWebhookEndpoint(`${platforms.origin}${BASE_PATH}`, wrong, "http://127.0.0.1:9/x");
    await expect(failure).rejects.toThrow("GET /config answered 401");
    await expect(failure).rejects.not.toThrow(/not-the-secret|prod_token/);
  });
});
