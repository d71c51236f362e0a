import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurePlatform, createCustomer } from "../../../service/test-support/payment-fixtures";
import { startTestService, type TestService } from "../../../service/test-support/service";
import type { ConsoleDatabase } from "../db/client";
import { useConsoleTestDatabase } from "../db/test-database";

// Against a real payment service: an internal account older than the accounts the console reads to name them is
// still named when its customer is asked about with it (a quote's source account and customer).

const holder = globalThis as typeof globalThis & { __consoleDatabase?: ConsoleDatabase };
let service: TestService;
let db: ConsoleDatabase;

beforeAll(async () => {
  service = await startTestService({}, { worker: false });
  await configurePlatform(service, { currencies: [{ currencyCode: "USD" }] });
  ({ db } = await useConsoleTestDatabase("names_resolve", {
    PAYMENT_API_BASE_URL: service.baseUrl,
    PAYMENT_API_TOKEN_ID: "test_token",
    PAYMENT_API_CLIENT_SECRET: "test_secret_0123456789",
  }));
}, 120_000);

afterAll(async () => {
  holder.__consoleDatabase = undefined;
  await db?.pool.end();
  await service?.close();
});

async function usdAccountOf(customerId: string): Promise<string> {
  const response = await service.api(
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
    const old = await createCustomer(service, { currencies: ["USD"] });
    const account = await usdAccountOf(old.id);
    // A page (100) of newer accounts: reading at most one page, the walk does not reach the old one.
    for (let index = 0; index < 101; index += 1) await createCustomer(service, { currencies: ["USD"] });

    const alone = await resolveNames([account], { maxAccounts: 1 });
    expect(alone[account]).toBeUndefined();

    const withOwner = await resolveNames([account, old.id], { maxAccounts: 1 });
    expect(withOwner[account]).toMatchObject({
      kind: "customer-account",
      name: "Test Person's USD account",
      customerId: old.id,
    });
  }, 60_000);
});
