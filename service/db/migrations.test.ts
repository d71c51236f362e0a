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
