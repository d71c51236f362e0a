import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { internalAccounts } from "../db/schema";
import { checkLedger } from "../test-support/ledger-invariants";
import {
  configurePlatform,
  createCustomer,
  createExternalAccount,
  postJson,
  type TestCustomer,
} from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";

/**
 * Money conservation over HTTP: random sequences of funding, transfers, quote payments and approved incoming
 * payments keep every balance equal to what the API reported moving, never negative, every ledger movement
 * balanced, and each currency's total over internal accounts equal to what entered minus what left through
 * the ledger-only accounts (funding, external banks, UMA, fees, conversion).
 */

const CURRENCIES = ["USD", "EUR"] as const;
type Currency = (typeof CURRENCIES)[number];

let service: TestService;
let people: TestCustomer[] = [];
/** Bank account of each person per currency and outcome suffix. */
const banks = new Map<string, string>();
/** What the API says each internal account should hold. */
const expected = new Map<string, number>();

beforeAll(async () => {
  service = await startTestService();
  // No webhook endpoint: incoming payments wait for the approve calls the commands make.
  await configurePlatform(service, {
    currencies: CURRENCIES.map((currencyCode) => ({ currencyCode, minAmount: 1, maxAmount: 1_000_000_000 })),
  });
  people = [await createCustomer(service), await createCustomer(service), await createCustomer(service)];
  for (const person of people) {
    for (const currency of CURRENCIES) {
      for (const suffix of ["001", "002", "004"]) {
        banks.set(
          `${person.id}/${currency}/${suffix}`,
          await createExternalAccount(service, { customerId: person.id, currencyCode: currency, suffix }),
        );
      }
    }
  }
});
afterAll(async () => {
  await service.close();
});

const account = (person: number, currency: Currency) => {
  const id = people[person]?.accounts[currency];
  if (!id) throw new Error("no account");
  return id;
};
const add = (id: string, amount: number) => expected.set(id, (expected.get(id) ?? 0) + amount);

type Command =
  | { kind: "fund"; person: number; currency: Currency; amount: number }
  | { kind: "in"; person: number; currency: Currency; amount: number; suffix: string }
  | { kind: "out"; person: number; currency: Currency; amount: number | null; suffix: string }
  | {
      kind: "pay";
      from: number;
      to: number;
      sending: Currency;
      receiving: Currency;
      side: "SENDING" | "RECEIVING";
      amount: number;
    }
  | { kind: "receive"; person: number; currency: Currency; amount: number; approve: boolean };

const person = fc.integer({ min: 0, max: 2 });
const currency = fc.constantFrom(...CURRENCIES);
const amount = fc.integer({ min: 1, max: 200_000 });
const suffix = fc.constantFrom("001", "001", "002", "004");
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant("fund" as const), person, currency, amount }),
  fc.record({ kind: fc.constant("in" as const), person, currency, amount, suffix }),
  fc.record({ kind: fc.constant("out" as const), person, currency, amount: fc.option(amount), suffix }),
  fc.record({
    kind: fc.constant("pay" as const),
    from: person,
    to: person,
    sending: currency,
    receiving: currency,
    side: fc.constantFrom("SENDING" as const, "RECEIVING" as const),
    amount,
  }),
  fc.record({ kind: fc.constant("receive" as const), person, currency, amount, approve: fc.boolean() }),
);

async function run(c: Command): Promise<void> {
  switch (c.kind) {
    case "fund": {
      const { status } = await postJson(
        service,
        `/sandbox/internal-accounts/${account(c.person, c.currency)}/fund`,
        {
          amount: c.amount,
        },
      );
      expect(status).toBe(200);
      add(account(c.person, c.currency), c.amount);
      return;
    }
    case "in": {
      const to = account(c.person, c.currency);
      const bank = banks.get(`${people[c.person]?.id}/${c.currency}/${c.suffix}`);
      const { status, body } = await postJson(service, "/transfer-in", {
        source: { accountId: bank },
        destination: { accountId: to },
        amount: c.amount,
      });
      expect(status).toBe(201);
      expect(body.status).toBe(c.suffix === "001" ? "COMPLETED" : "FAILED");
      if (body.status === "COMPLETED") add(to, c.amount);
      return;
    }
    case "out": {
      const from = account(c.person, c.currency);
      const bank = banks.get(`${people[c.person]?.id}/${c.currency}/${c.suffix}`);
      const { status, body } = await postJson(service, "/transfer-out", {
        source: { accountId: from },
        destination: { accountId: bank },
        ...(c.amount !== null ? { amount: c.amount } : {}),
      });
      const balance = expected.get(from) ?? 0;
      if ((c.amount ?? balance) > balance || balance === 0) {
        expect(status).toBe(400);
        expect(body.code).toBe("INSUFFICIENT_BALANCE");
        return;
      }
      expect(status).toBe(201);
      if (body.status === "COMPLETED") add(from, -body.sentAmount.amount);
      else expect(body.status).toBe("FAILED");
      return;
    }
    case "pay": {
      const from = account(c.from, c.sending);
      const to = account(c.to, c.receiving);
      const { status, body } = await postJson(service, "/quotes", {
        source: { accountId: from },
        destination: { accountId: to, currency: c.receiving },
        lockedCurrencySide: c.side,
        lockedCurrencyAmount: c.amount,
        immediatelyExecute: true,
      });
      if (from === to) {
        expect(body.code).toBe("SELF_PAYMENT");
        return;
      }
      if (status === 400) {
        expect(["INSUFFICIENT_BALANCE", "AMOUNT_OUT_OF_RANGE"]).toContain(body.code);
        if (body.code === "INSUFFICIENT_BALANCE" && c.side === "SENDING") {
          expect(expected.get(from) ?? 0).toBeLessThan(c.amount);
        }
        return;
      }
      expect(status).toBe(201);
      expect(body.status).toBe("COMPLETED");
      add(from, -body.totalSendingAmount);
      add(to, body.totalReceivingAmount);
      return;
    }
    case "receive": {
      const to = account(c.person, c.currency);
      const sender =
        c.currency === "USD" ? "$success.usd@sandbox.uma.money" : "$success.eur@sandbox.uma.money";
      const received = await postJson(service, "/sandbox/uma/receive", {
        senderUmaAddress: sender,
        receivingCurrencyCode: c.currency,
        receivingCurrencyAmount: c.amount,
        customerId: people[c.person]?.id,
      });
      expect(received.body.status).toBe("PENDING");
      const decision = c.approve
        ? await postJson(service, `/transactions/${received.body.id}/approve`, {
            receiverCustomerInfo: { FULL_NAME: "Receiving Person" },
          })
        : await postJson(service, `/transactions/${received.body.id}/reject`, {});
      expect(decision.status).toBe(200);
      if (c.approve) add(to, c.amount);
    }
  }
}

async function checkInvariants(): Promise<void> {
  // Never negative, every movement balanced, balances equal to their ledger, totals conserved (shared checks).
  expect((await checkLedger(service.context.db)).violations).toEqual([]);
  for (const row of await service.context.db.select().from(internalAccounts)) {
    expect(row.balance, `API-reported balance of ${row.id}`).toBe(expected.get(row.id) ?? 0);
  }
}

describe("money conservation (property)", () => {
  it("keeps balances equal to reported movements, never negative, and every movement balanced", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (commands) => {
        for (const c of commands) await run(c);
        await checkInvariants();
      }),
      { numRuns: 15, endOnFailure: true },
    );
  }, 120_000);
});
