import { describe, expect, it } from "vitest";
import {
  advanceClock,
  createCustomer,
  createExternalAccount,
} from "../../../service/test-support/payment-fixtures";
import { consoleAgainstService } from "../../../test-support/console-against-service";

// Against a real payment service: an internal or bank account older than the accounts the console reads to name them
// is still named when its customer is asked about with it (a quote's source account and customer).

const world = consoleAgainstService("names_resolve");

async function usdAccountOf(customerId: string): Promise<string> {
  const response = await world.service.api(
    `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`,
  );
  const page = (await response.json()) as { data: { id: string }[] };
  const account = page.data[0];
  if (!account) throw new Error("the customer has no account");
  return account.id;
}

describe("resolveNames", () => {
  it("names an account past the ones read through its customer, and only then", async () => {
    const { resolveNames } = await import("./resolve");
    const old = await createCustomer(world.service, { currencies: ["USD"] });
    const account = await usdAccountOf(old.id);
    // A page (100) of newer accounts: reading at most one page, the walk does not reach the old one.
    for (let index = 0; index < 101; index += 1) await createCustomer(world.service, { currencies: ["USD"] });

    const alone = await resolveNames([account], { maxAccounts: 1 });
    expect(alone[account]).toBeUndefined();

    const withOwner = await resolveNames([account, old.id], { maxAccounts: 1 });
    expect(withOwner[account]).toMatchObject({
      kind: "customer-account",
      name: "Test Person's USD account",
      customerId: old.id,
    });
  }, 60_000);

  it("names a bank account past the ones read through its customer, and only then", async () => {
    const { resolveNames } = await import("./resolve");
    const old = await createCustomer(world.service, { currencies: ["USD"] });
    const bank = await createExternalAccount(world.service, { customerId: old.id });
    await advanceClock(world.service, 60);
    const newer = await createCustomer(world.service, { currencies: ["USD"] });
    for (let index = 0; index < 101; index += 1) {
      await createExternalAccount(world.service, { customerId: newer.id });
    }

    expect((await resolveNames([bank], { maxAccounts: 1 }))[bank]).toBeUndefined();
    expect((await resolveNames([bank, old.id], { maxAccounts: 1 }))[bank]).toMatchObject({
      kind: "bank-account",
      customerId: old.id,
      customerName: "Test Person",
    });
  }, 60_000);
});
