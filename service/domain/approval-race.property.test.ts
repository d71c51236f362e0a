import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raceDecisions } from "../test-support/approval-race";
import {
  balanceOf,
  configurePlatform,
  createCustomer,
  type TestCustomer,
} from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";

let service: TestService;
let receiverCustomer: TestCustomer;

beforeAll(async () => {
  service = await startTestService();
  // No webhook endpoint: the payments wait for the racing calls alone.
  await configurePlatform(service, { currencies: [{ currencyCode: "USD" }] });
  receiverCustomer = await createCustomer(service);
});
afterAll(async () => {
  await service.close();
});

describe("approve/reject race (property)", () => {
  it("lets exactly one of many simultaneous decisions win and credits the money at most once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 2, maxLength: 20 }),
        fc.integer({ min: 100, max: 1_000_000 }),
        async (approvals, amount) => {
          const account = receiverCustomer.accounts.USD;
          const before = await balanceOf(service, account);
          const race = await raceDecisions(service, service.context.db, {
            customerId: receiverCustomer.id,
            accountId: account,
            amount,
            decisions: approvals,
          });
          expect(race.violations).toEqual([]);
          expect(["COMPLETED", "REJECTED"]).toContain(race.finalStatus);
          expect(await balanceOf(service, account)).toBe(
            before + (race.finalStatus === "COMPLETED" ? amount : 0),
          );
        },
      ),
      { numRuns: 10, endOnFailure: true },
    );
  }, 120_000);
});
