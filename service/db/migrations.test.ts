import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactionSchema } from "../../shared/contract";
import { projectRoot } from "../../shared/project-root";
import { configurePlatform, createCustomer, getJson, postJson } from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";

let service: TestService;

beforeAll(async () => {
  service = await startTestService({}, { worker: false });
  await configurePlatform(service, { currencies: [{ currencyCode: "USD" }] });
});
afterAll(async () => {
  await service?.close();
});

const migration = (name: string) =>
  readFileSync(path.join(projectRoot(import.meta.url), "service", "db", "migrations", name), "utf8");

describe("migration 0004: rate details as the reference requires them", () => {
  it("gives an incoming payment recorded without the variable fee's rate the rate, keeping what was charged", async () => {
    const alice = await createCustomer(service);
    const { body } = await postJson(service, "/sandbox/uma/receive", {
      senderUmaAddress: "$fail.compliance.usd@sandbox.uma.money",
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 5_000,
      customerId: alice.id,
    });
    // As the service recorded an incoming payment before every direction had a variable fee.
    await service.context.db.pool.query(
      `update transactions set rate_details = '{"serviceApiMultiplier": 1, "serviceApiFixedFee": 0, "serviceApiVariableFeeAmount": 0}'
        where id = $1`,
      [body.id],
    );
    const before = (await getJson(service, `/transactions/${body.id}`)).body;
    expect(transactionSchema.safeParse(before).success).toBe(false);

    await service.context.db.pool.query(migration("0004_incoming_rate_details.sql"));

    const after = (await getJson(service, `/transactions/${body.id}`)).body;
    expect(transactionSchema.safeParse(after).success).toBe(true);
    expect(after.rateDetails).toEqual({
      serviceApiMultiplier: 1,
      serviceApiFixedFee: 0,
      serviceApiVariableFeeRate: 0.001,
      serviceApiVariableFeeAmount: 0,
    });
  });

  it("leaves rate details that are whole as they are", async () => {
    const alice = await createCustomer(service);
    const { body } = await postJson(service, "/sandbox/uma/receive", {
      senderUmaAddress: "$fail.compliance.usd@sandbox.uma.money",
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 7_000,
      customerId: alice.id,
    });
    await service.context.db.pool.query(migration("0004_incoming_rate_details.sql"));
    expect((await getJson(service, `/transactions/${body.id}`)).body.rateDetails).toEqual(body.rateDetails);
  });
});

describe("migration 0007: real-time funded payments recorded before their money arrives", () => {
  const realTimeQuote = async (customerId: string, receiverAccount: string) =>
    (
      await postJson(service, "/quotes", {
        source: { customerId, currency: "USD" },
        destination: { accountId: receiverAccount, currency: "USD" },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 10_000,
      })
    ).body;
  const listOf = async (customerId: string) =>
    (await getJson(service, `/transactions?customerId=${encodeURIComponent(customerId)}`)).body.data as {
      id: string;
      status: string;
    }[];

  it("records the waiting payment of an executed quote and the expired one of a quote that expired", async () => {
    const alice = await createCustomer(service);
    const bob = await createCustomer(service);
    const waiting = await realTimeQuote(alice.id, bob.accounts.USD);
    await postJson(service, `/quotes/${waiting.quoteId}/execute`);
    const recorded = (await getJson(service, `/transactions/${waiting.transactionId}`)).body;
    const lapsed = await realTimeQuote(alice.id, bob.accounts.USD);
    const funded = await realTimeQuote(alice.id, bob.accounts.USD);
    await postJson(service, "/sandbox/send", { quoteId: funded.quoteId, currencyCode: "USD" });
    // As an older service left them: no record of the waiting payment, a quote expired without one.
    await service.context.db.pool.query("delete from transactions where id = $1", [waiting.transactionId]);
    await service.context.db.pool.query("update quotes set status = 'EXPIRED' where id = $1", [
      lapsed.quoteId,
    ]);
    expect((await listOf(alice.id)).map((t) => t.id)).toEqual([funded.transactionId]);

    await service.context.db.pool.query(migration("0007_real_time_payments_recorded.sql"));
    await service.context.db.pool.query(migration("0007_real_time_payments_recorded.sql"));

    const listed = await listOf(alice.id);
    expect(listed.map((t) => [t.id, t.status]).sort()).toEqual(
      [
        [waiting.transactionId, "PENDING"],
        [lapsed.transactionId, "EXPIRED"],
        [funded.transactionId, "COMPLETED"],
      ].sort(),
    );
    for (const transaction of listed) expect(transactionSchema.safeParse(transaction).success).toBe(true);
    // The waiting payment reads as the service records it, but for the time it was recorded.
    const { createdAt: _created, updatedAt: _updated, ...rest } = recorded;
    expect(listed.find((t) => t.id === waiting.transactionId)).toMatchObject(rest);
    expect(listed.find((t) => t.id === lapsed.transactionId)).toMatchObject({
      reconciliationInstructions: { reference: lapsed.paymentInstructions[0].reference },
      paymentInstructions: lapsed.paymentInstructions[0],
      createdAt: lapsed.expiresAt,
    });
  });
});
