import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../test-support/ledger-invariants";
import { balanceOf, configurePlatform, createCustomer } from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";

/**
 * A customer's deletion and money arriving for them, at the same moment, over HTTP against the real service: never
 * both. Either the deletion lands first and the money is refused (410 CUSTOMER_DELETED, nothing moved), or the money
 * lands first and the deletion is refused (400: the customer still holds it). A deleted customer holding money would
 * be money lost to everyone: nothing can ever leave their account. The row lock that orders the two is taken where
 * each route checks the owner (payment-accounts.ts) and again by the ledger (ledger.ts).
 */

const ROUNDS = 24;

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
  await configurePlatform(service, { currencies: [{ currencyCode: "USD" }] });
});
afterAll(async () => {
  await service?.close();
});

describe("deleting a customer while money arrives for them", () => {
  it(`lets exactly one of the two happen, in each of ${ROUNDS} races`, async () => {
    const outcomes = { deletedFirst: 0, fundedFirst: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const customer = await createCustomer(service, { currencies: ["USD"] });
      const account = customer.accounts.USD;
      const [deleted, funded] = await Promise.all([
        service.api(`/customers/${encodeURIComponent(customer.id)}`, { method: "DELETE" }),
        service.api(`/sandbox/internal-accounts/${account}/fund`, { method: "POST", json: { amount: 500 } }),
      ]);
      const balance = await balanceOf(service, account);
      const seen = `round ${round}: delete ${deleted.status}, fund ${funded.status}, balance ${balance}`;
      if (deleted.status === 200) {
        expect(funded.status, seen).toBe(410);
        expect(((await funded.json()) as { code: string }).code, seen).toBe("CUSTOMER_DELETED");
        expect(balance, seen).toBe(0);
        outcomes.deletedFirst++;
      } else {
        expect(deleted.status, seen).toBe(400);
        expect(funded.status, seen).toBe(200);
        expect(balance, seen).toBe(500);
        outcomes.fundedFirst++;
      }
    }
    expect(outcomes.deletedFirst + outcomes.fundedFirst).toBe(ROUNDS);
    expect((await checkLedger(service.context.db)).violations).toEqual([]);
  }, 60_000);
});
