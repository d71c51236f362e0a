import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../db/schema";
import {
  balanceOf,
  configurePlatform,
  createCustomer,
  postJson,
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
          const received = await postJson(service, "/sandbox/uma/receive", {
            senderUmaAddress: "$success.usd@sandbox.uma.money",
            receivingCurrencyCode: "USD",
            receivingCurrencyAmount: amount,
            customerId: receiverCustomer.id,
          });
          expect(received.body.status).toBe("PENDING");
          const id = received.body.id as string;
          const results = await Promise.all(
            approvals.map((approve) =>
              approve
                ? postJson(service, `/transactions/${id}/approve`, {
                    receiverCustomerInfo: { FULL_NAME: "Receiving Person" },
                  })
                : postJson(service, `/transactions/${id}/reject`, { reason: "race" }),
            ),
          );
          const winners = results.filter((r) => r.status === 200);
          expect(winners).toHaveLength(1);
          const losers = results.filter((r) => r.status !== 200);
          expect(losers.every((r) => r.status === 409)).toBe(true);
          expect(losers.every((r) => r.body.code === "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL")).toBe(true);
          const finalStatus = winners[0]?.body.status;
          const credits = await service.context.db
            .select()
            .from(ledgerEntries)
            .where(eq(ledgerEntries.transactionId, id));
          if (finalStatus === "COMPLETED") {
            expect(await balanceOf(service, account)).toBe(before + amount);
            expect(credits.filter((e) => e.account === account).map((e) => e.amount)).toEqual([amount]);
          } else {
            expect(finalStatus).toBe("REJECTED");
            expect(await balanceOf(service, account)).toBe(before);
            expect(credits).toHaveLength(0);
          }
        },
      ),
      { numRuns: 10, endOnFailure: true },
    );
  }, 120_000);
});
