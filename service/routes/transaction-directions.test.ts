import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  configurePlatform,
  createCustomer,
  fund,
  getJson,
  postJson,
  type TestCustomer,
} from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";

let service: TestService;
let alice: TestCustomer;
let bob: TestCustomer;

beforeAll(async () => {
  service = await startTestService();
  // USD both ways; EUR only received; MXN only sent (api-notes §8, enabledTransactionTypes).
  await configurePlatform(service, {
    currencies: [
      { currencyCode: "USD" },
      { currencyCode: "EUR", enabledTransactionTypes: ["INCOMING"] },
      { currencyCode: "MXN", enabledTransactionTypes: ["OUTGOING"] },
    ],
  });
  alice = await createCustomer(service);
  bob = await createCustomer(service);
  await fund(service, alice.accounts.USD, 100_000);
  await fund(service, alice.accounts.EUR, 100_000);
});
afterAll(async () => {
  await service.close();
});

const quote = (source: string, destination: string, currency: string) =>
  postJson(service, "/quotes", {
    source: { accountId: source },
    destination: { accountId: destination, currency },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 1_000,
  });

const receive = (currency: string) =>
  postJson(service, "/sandbox/uma/receive", {
    senderUmaAddress: "$success.usd@sandbox.uma.money",
    receivingCurrencyCode: currency,
    receivingCurrencyAmount: 1_000,
    customerId: bob.id,
  });

describe("a currency's enabled directions", () => {
  it("are answered by GET /config", async () => {
    const config = (await getJson(service, "/config")).body;
    expect(
      config.supportedCurrencies.map((c: { currencyCode: string; enabledTransactionTypes: string[] }) => [
        c.currencyCode,
        c.enabledTransactionTypes,
      ]),
    ).toEqual([
      ["USD", ["INCOMING", "OUTGOING"]],
      ["EUR", ["INCOMING"]],
      ["MXN", ["OUTGOING"]],
    ]);
  });

  it("refuse sending from a currency whose OUTGOING direction is off, creating no quote", async () => {
    const refused = await quote(alice.accounts.EUR, bob.accounts.USD, "USD");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "INVALID_CURRENCY", details: { currency: "EUR" } });
    expect((await getJson(service, `/quotes?customerId=${alice.id}`)).body.data).toHaveLength(0);
    expect((await quote(alice.accounts.USD, bob.accounts.MXN, "MXN")).status).toBe(201);
  });

  it("refuse receiving in a currency whose INCOMING direction is off, creating no payment", async () => {
    const refused = await receive("MXN");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "INVALID_CURRENCY", details: { currency: "MXN" } });
    expect(
      (await getJson(service, `/transactions?customerId=${bob.id}&type=INCOMING`)).body.data,
    ).toHaveLength(0);
    expect((await receive("EUR")).status).toBe(200);
  });
});
