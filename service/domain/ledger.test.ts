import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import {
  balanceOf,
  configurePlatform,
  createCustomer,
  fund,
  type TestCustomer,
} from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";
import { moveMoney } from "./ledger";

/**
 * The ledger's own rule, under every route's checks: no money enters an account whose owner is deleted (nobody could
 * ever spend it), except money a payment of theirs brings back (a payout that failed after the deletion began).
 */

let service: TestService;
let live: TestCustomer;
let deleted: TestCustomer;

beforeAll(async () => {
  service = await startTestService();
  await configurePlatform(service, { currencies: [{ currencyCode: "USD" }] });
  live = await createCustomer(service, { currencies: ["USD"] });
  deleted = await createCustomer(service, { currencies: ["USD"] });
  const response = await service.api(`/customers/${encodeURIComponent(deleted.id)}`, { method: "DELETE" });
  expect(response.status).toBe(200);
});
afterAll(async () => {
  await service.close();
});

const credit = (accountId: string, amount: number, returnsPendingMoney = false) =>
  service.context.db.transaction((tx) =>
    moveMoney(tx, {
      legs: [
        { account: "sandbox:funding", currencyCode: "USD", amount: -amount },
        { account: accountId, currencyCode: "USD", amount },
      ],
      now: service.context.clock.now(),
      returnsPendingMoney,
    }),
  );

describe("moveMoney", () => {
  it("refuses a credit to a deleted customer's account, and moves nothing", async () => {
    const attempt = credit(deleted.accounts.USD, 500);
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({ status: 410, code: "CUSTOMER_DELETED" });
    expect(await balanceOf(service, deleted.accounts.USD)).toBe(0);
  });

  it("refuses the whole movement when one of its credits reaches a deleted customer", async () => {
    await fund(service, live.accounts.USD, 1_000);
    const attempt = service.context.db.transaction((tx) =>
      moveMoney(tx, {
        legs: [
          { account: live.accounts.USD, currencyCode: "USD", amount: -300 },
          { account: deleted.accounts.USD, currencyCode: "USD", amount: 300 },
        ],
        now: service.context.clock.now(),
      }),
    );
    await expect(attempt).rejects.toMatchObject({ code: "CUSTOMER_DELETED" });
    expect(await balanceOf(service, live.accounts.USD)).toBe(1_000);
    expect(await balanceOf(service, deleted.accounts.USD)).toBe(0);
  });

  it("lets a payment's money come back to a deleted customer's account", async () => {
    await credit(deleted.accounts.USD, 200, true);
    expect(await balanceOf(service, deleted.accounts.USD)).toBe(200);
  });

  it("credits a live customer's account", async () => {
    const before = await balanceOf(service, live.accounts.USD);
    await credit(live.accounts.USD, 700);
    expect(await balanceOf(service, live.accounts.USD)).toBe(before + 700);
  });
});
