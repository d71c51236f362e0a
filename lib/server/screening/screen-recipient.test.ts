import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  advanceClock,
  createCustomer,
  createExternalAccount,
} from "../../../service/test-support/payment-fixtures";
import { consoleAgainstService } from "../../../test-support/console-against-service";
import { unListOnlyDir } from "../policies/deciding-test-setup";

// The holder of a bank account about to be paid is screened even when the account is older than the accounts the
// console reads to find one, or nothing is paid to it: against a real payment service and the UN list.

const world = consoleAgainstService("screen_recipient", { listsDir: unListOnlyDir() });

describe("screening the holder of an account about to be paid", () => {
  it("finds an old account through the customers who may own it, and refuses one it cannot find rather than pass it unscreened", async () => {
    const { recipientScreening } = await import("./screen-recipient");
    const { service } = world;
    const payee = await createCustomer(service, { currencies: ["USD"] });
    const old = await createExternalAccount(service, { customerId: payee.id });
    // While every account is read, one that does not exist is simply not there: the API answers the payment.
    expect(await recipientScreening(`ExternalAccount:${randomUUID()}`)).toBeNull();

    // Newer accounts than the console reads (MAX_ACCOUNTS, 2,000) before it would reach the payee's: more than a page
    // of the payee's own (a business pays many beneficiaries), then others'.
    await advanceClock(service, 60);
    for (let start = 0; start < 150; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, () => createExternalAccount(service, { customerId: payee.id })),
      );
    }
    const other = await createCustomer(service, { currencies: ["USD"] });
    for (let start = 0; start < 2_000; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, () => createExternalAccount(service, { customerId: other.id })),
      );
    }

    await expect(recipientScreening(old)).rejects.toMatchObject({
      status: 409,
      code: "RECIPIENT_NOT_FOUND",
      details: { accountId: old },
    });
    await expect(recipientScreening(`ExternalAccount:${randomUUID()}`)).rejects.toMatchObject({
      code: "RECIPIENT_NOT_FOUND",
    });
    // Asked for only when the account is not among those read first.
    let asked = 0;
    const screened = await recipientScreening(old, async () => {
      asked += 1;
      return [other.id, payee.id];
    });
    expect(asked).toBe(1);
    expect(screened).toMatchObject({ subjectType: "recipient", subjectId: old, subjectName: "Test Person" });
    // Screened once, it is what a later payment reads, found or not.
    expect(await recipientScreening(old)).toMatchObject({ id: (screened as { id: string }).id });
  }, 120_000);
});
