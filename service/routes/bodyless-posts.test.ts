import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  configurePlatform,
  createCustomer,
  fund,
  postJson,
  type TestCustomer,
} from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";
import { startWebhookReceiver, type WebhookReceiver } from "../test-support/webhook-receiver";

let service: TestService;
let receiver: WebhookReceiver;
let alice: TestCustomer;
let bob: TestCustomer;

beforeAll(async () => {
  service = await startTestService();
  receiver = await startWebhookReceiver();
  await configurePlatform(service, { currencies: [{ currencyCode: "USD" }] });
  alice = await createCustomer(service);
  bob = await createCustomer(service);
});
afterAll(async () => {
  await service.close();
  await receiver.close();
});

/** A POST that says its body is JSON and sends `body` (empty unless given). */
async function postDeclaredJson(path: string, body = "") {
  const response = await service.api(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  return { status: response.status, body: await response.json() };
}

describe("a POST whose body is optional, sent as application/json with an empty body", () => {
  it("POST /webhooks/test answers as without a body", async () => {
    const unset = await postDeclaredJson("/webhooks/test");
    expect(unset.status).toBe(400);
    expect(unset.body.code).toBe("WEBHOOK_ENDPOINT_NOT_SET");
    const patched = await service.api("/config", {
      method: "PATCH",
      json: { webhookEndpoint: receiver.url },
    });
    expect(patched.status).toBe(200);
    expect((await postDeclaredJson("/webhooks/test")).status).toBe(200);
  });

  it("POST /quotes/{quoteId}/execute executes the quote", async () => {
    await fund(service, alice.accounts.USD, 10_000);
    const quote = await postJson(service, "/quotes", {
      source: { accountId: alice.accounts.USD },
      destination: { accountId: bob.accounts.USD, currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000,
    });
    expect(quote.status).toBe(201);
    const executed = await postDeclaredJson(`/quotes/${quote.body.quoteId}/execute`);
    expect(executed.status).toBe(200);
    expect(executed.body.status).toBe("COMPLETED");
  });

  it("approve and reject reach the transaction (404 for an unknown one), not a JSON error", async () => {
    for (const action of ["approve", "reject"]) {
      const answer = await postDeclaredJson(`/transactions/Transaction:nope/${action}`);
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe("TRANSACTION_NOT_FOUND");
    }
  });

  it("a non-empty body that is not JSON stays 400", async () => {
    for (const body of ["{not json", " ", "\n"]) {
      const answer = await postDeclaredJson("/quotes/Quote:nope/execute", body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: "INVALID_INPUT",
        message: "The request body is not valid JSON.",
      });
    }
  });
});

describe("a JSON body the service cannot take as sent", () => {
  it("refuses bytes that are not UTF-8 with 400, and stores nothing (never with U+FFFD in their place)", async () => {
    const platformCustomerId = "probe-utf8-bytes";
    const bytes = Buffer.concat([
      Buffer.from(`{"platformCustomerId":"${platformCustomerId}-`),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('","customerType":"INDIVIDUAL","fullName":"Ana"}'),
    ]);
    const answer = await service.api("/customers", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: bytes,
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      code: "INVALID_INPUT",
      message: "The request body is not valid UTF-8.",
    });
    const listed = await service.api(`/customers?limit=100`);
    const customers = ((await listed.json()) as { data: { platformCustomerId: string }[] }).data;
    expect(customers.filter((c) => c.platformCustomerId.startsWith(platformCustomerId))).toEqual([]);
  });

  it("says a __proto__ or constructor.prototype key is refused, not that the JSON is invalid", async () => {
    for (const body of [
      '{"__proto__":{"x":1},"platformCustomerId":"p","customerType":"INDIVIDUAL"}',
      '{"constructor":{"prototype":{"x":1}},"platformCustomerId":"p","customerType":"INDIVIDUAL"}',
    ]) {
      const answer = await postDeclaredJson("/customers", body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: "INVALID_INPUT",
        message:
          "The request body holds a __proto__ or constructor.prototype key, which the API does not accept.",
      });
    }
  });
});
