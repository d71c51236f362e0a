import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  incomingFailureReasonSchema,
  outgoingFailureReasonSchema,
  transactionSchema,
} from "../../shared/contract";
import { MAX_MINOR_AMOUNT } from "../../shared/contract/limits";
import { transactions } from "../db/schema";
import {
  advanceClock,
  balanceOf,
  configurePlatform,
  createCustomer,
  createExternalAccount,
  eventually,
  fund,
  getJson,
  platformAccountId,
  postJson,
} from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../test-support/webhook-receiver";

let service: TestService;
let receiver: WebhookReceiver;

beforeAll(async () => {
  service = await startTestService();
  receiver = await startWebhookReceiver();
  await configurePlatform(service, {
    webhookEndpoint: receiver.url,
    currencies: [{ currencyCode: "USD" }, { currencyCode: "EUR" }],
  });
});
afterAll(async () => {
  await service.close();
  await receiver.close();
});

async function customerWithBank(suffix = "001", currencyCode = "USD") {
  const customer = await createCustomer(service);
  const bank = await createExternalAccount(service, { customerId: customer.id, suffix, currencyCode });
  return { customer, bank };
}

const transferIn = (bank: string, account: string, amount?: number) =>
  postJson(service, "/transfer-in", {
    source: { accountId: bank },
    destination: { accountId: account },
    ...(amount !== undefined ? { amount } : {}),
  });

const transferOut = (account: string, bank: string, amount?: number) =>
  postJson(service, "/transfer-out", {
    source: { accountId: account },
    destination: { accountId: bank },
    ...(amount !== undefined ? { amount } : {}),
  });

const webhookStatuses = (type: string, id: string) =>
  receiver.received
    .filter((w: ReceivedWebhook) => w.body.type === type && (w.body.transaction as { id: string }).id === id)
    .map((w) => (w.body.transaction as { status: string }).status)
    .sort();

describe("ACCOUNT_STATUS", () => {
  it("follows every balance change of an internal account, not only sandbox funding: money in and out", async () => {
    const { customer, bank } = await customerWithBank();
    const account = customer.accounts.USD;
    const changesOf = () =>
      receiver.received
        .filter((w) => w.body.type === "ACCOUNT_STATUS" && w.body.accountId === account)
        .map((w) => [
          (w.body.oldBalance as { amount: number }).amount,
          (w.body.newBalance as { amount: number }).amount,
        ]);
    expect((await transferIn(bank, account, 25_000)).status).toBe(201);
    expect((await transferOut(account, bank, 10_000)).status).toBe(201);
    await eventually(async () => (changesOf().length >= 2 ? true : undefined));
    expect(changesOf()).toHaveLength(2);
    expect(changesOf()).toEqual(
      expect.arrayContaining([
        [0, 25_000],
        [25_000, 15_000],
      ]),
    );
    const event = receiver.received.find(
      (w) => w.body.type === "ACCOUNT_STATUS" && w.body.accountId === account,
    );
    expect(event?.body).toMatchObject({
      customerId: customer.id,
      platformCustomerId: customer.platformCustomerId,
      newBalance: { currency: { code: "USD", decimals: 2 } },
    });
    // The balance the events end on is the account's.
    expect(await balanceOf(service, account)).toBe(15_000);
  });
});

describe("POST /transfer-in", () => {
  it("refuses a wrong credential with 401", async () => {
    const response = await service.api("/transfer-in", {
      method: "POST",
      headers: { authorization: "Basic eDp5" },
      json: {},
    });
    expect(response.status).toBe(401);
  });

  it("credits the internal account at once and reports the completed INCOMING transaction", async () => {
    const { customer, bank } = await customerWithBank();
    const { status, body } = await transferIn(bank, customer.accounts.USD, 25_000);
    expect(status).toBe(201);
    expect(transactionSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      type: "INCOMING",
      status: "COMPLETED",
      customerId: customer.id,
      platformCustomerId: customer.platformCustomerId,
      source: { sourceType: "ACCOUNT", accountId: bank, currency: "USD" },
      destination: { destinationType: "ACCOUNT", accountId: customer.accounts.USD, currency: "USD" },
      receivedAmount: { amount: 25_000 },
      settledAt: expect.any(String),
    });
    expect(await balanceOf(service, customer.accounts.USD)).toBe(25_000);
    await expect.poll(() => webhookStatuses("INCOMING_PAYMENT", body.id)).toEqual(["COMPLETED"]);
  });

  it("refuses a credit past the largest balance with 400 AMOUNT_OUT_OF_RANGE and changes nothing", async () => {
    const { customer, bank } = await customerWithBank();
    const account = customer.accounts.USD;
    expect((await transferIn(bank, account, MAX_MINOR_AMOUNT - 10)).status).toBe(201);
    const refused = await transferIn(bank, account, 11);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("AMOUNT_OUT_OF_RANGE");
    expect(await balanceOf(service, account)).toBe(MAX_MINOR_AMOUNT - 10);
    const recorded = await getJson(service, `/transactions?customerId=${encodeURIComponent(customer.id)}`);
    expect(recorded.body.totalCount).toBe(1);
    // Up to the largest balance is taken, and the whole of it leaves again without an amount.
    expect((await transferIn(bank, account, 10)).status).toBe(201);
    expect(await balanceOf(service, account)).toBe(MAX_MINOR_AMOUNT);
    const out = await transferOut(account, bank);
    expect(out.status).toBe(201);
    expect(out.body.sentAmount.amount).toBe(MAX_MINOR_AMOUNT);
    expect(await balanceOf(service, account)).toBe(0);
  });

  it("needs an amount: 400 INVALID_AMOUNT", async () => {
    const { customer, bank } = await customerWithBank();
    const { status, body } = await transferIn(bank, customer.accounts.USD);
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_AMOUNT");
  });

  for (const [suffix, label] of [
    ["002", "insufficient funds"],
    ["003", "account closed"],
    ["004", "rejected by the bank"],
  ]) {
    it(`fails at once for ${label} (${suffix}) and credits nothing`, async () => {
      const { customer, bank } = await customerWithBank(suffix);
      const { status, body } = await transferIn(bank, customer.accounts.USD, 5_000);
      expect(status).toBe(201);
      expect(body).toMatchObject({
        status: "FAILED",
        failureReason: "OFFRAMP_FAILED",
        failureDetail: expect.any(String),
      });
      expect(incomingFailureReasonSchema.safeParse(body.failureReason).success).toBe(true);
      expect(await balanceOf(service, customer.accounts.USD)).toBe(0);
    });
  }

  it("keeps a 005 transfer PENDING for 30 s of service time, then fails it", async () => {
    const { customer, bank } = await customerWithBank("005");
    const { body } = await transferIn(bank, customer.accounts.USD, 5_000);
    expect(body.status).toBe("PENDING");
    await advanceClock(service, 10);
    expect((await getJson(service, `/transactions/${body.id}`)).body.status).toBe("PENDING");
    await advanceClock(service, 21);
    // A transfer-in is incoming: its reason comes from the incoming list, which has no TIMEOUT.
    const failed = (await getJson(service, `/transactions/${body.id}`)).body;
    expect(failed).toMatchObject({ status: "FAILED", failureReason: "OFFRAMP_FAILED" });
    expect(incomingFailureReasonSchema.safeParse(failed.failureReason).success).toBe(true);
    expect(await balanceOf(service, customer.accounts.USD)).toBe(0);
  });

  it("fails a 009 transfer from the job queue when its time comes", async () => {
    const { customer, bank } = await customerWithBank("009");
    const { body } = await transferIn(bank, customer.accounts.USD, 5_000);
    expect(body.status).toBe("PENDING");
    // Moves the service clock without the clock route's sweep, then lets the queued job run now.
    await service.context.clock.advance(31_000);
    await service.context.db.execute(
      sql`update graphile_worker._private_jobs set run_at = now()
          where task_id = (select id from graphile_worker._private_tasks where identifier = 'payment_step')
          and payload->>'transactionId' = ${body.id}`,
    );
    const failed = await eventually(async () => {
      const [row] = await service.context.db.select().from(transactions).where(eq(transactions.id, body.id));
      return row?.status === "FAILED" ? row : undefined;
    });
    expect(failed.failureReason).toBe("OFFRAMP_FAILED");
  });

  it("moves money between the platform's own accounts", async () => {
    const bank = await createExternalAccount(service, { customerId: null });
    const account = await platformAccountId(service, "USD");
    const { status, body } = await transferIn(bank, account, 1_000);
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: "COMPLETED", customerId: "", platformCustomerId: "" });
  });
});

describe("POST /transfer-out", () => {
  it("debits at once, completes, and reports OUTGOING_PAYMENT for each status", async () => {
    const { customer, bank } = await customerWithBank();
    await fund(service, customer.accounts.USD, 10_000);
    const { status, body } = await transferOut(customer.accounts.USD, bank, 4_000);
    expect(status).toBe(201);
    expect(body).toMatchObject({ type: "OUTGOING", status: "COMPLETED", sentAmount: { amount: 4_000 } });
    expect(await balanceOf(service, customer.accounts.USD)).toBe(6_000);
    await expect.poll(() => webhookStatuses("OUTGOING_PAYMENT", body.id)).toEqual(["COMPLETED", "PENDING"]);
  });

  it("sends the whole balance when no amount is given", async () => {
    const { customer, bank } = await customerWithBank();
    await fund(service, customer.accounts.USD, 7_654);
    const { body } = await transferOut(customer.accounts.USD, bank);
    expect(body.sentAmount.amount).toBe(7_654);
    expect(await balanceOf(service, customer.accounts.USD)).toBe(0);
    const empty = await transferOut(customer.accounts.USD, bank);
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("INSUFFICIENT_BALANCE");
  });

  it("refuses more than the balance with 400 INSUFFICIENT_BALANCE and changes nothing", async () => {
    const { customer, bank } = await customerWithBank();
    await fund(service, customer.accounts.USD, 1_000);
    const { status, body } = await transferOut(customer.accounts.USD, bank, 1_001);
    expect(status).toBe(400);
    expect(body.code).toBe("INSUFFICIENT_BALANCE");
    expect(await balanceOf(service, customer.accounts.USD)).toBe(1_000);
    const recorded = await getJson(
      service,
      `/transactions?senderAccountIdentifier=${encodeURIComponent(customer.accounts.USD)}`,
    );
    expect(recorded.body.totalCount).toBe(0);
  });

  it("fails at once for a rejected account (004) and returns the money", async () => {
    const { customer, bank } = await customerWithBank("004");
    await fund(service, customer.accounts.USD, 3_000);
    const { body } = await transferOut(customer.accounts.USD, bank, 3_000);
    // A transfer-out is outgoing: OFFRAMP_FAILED is an incoming reason.
    expect(body).toMatchObject({ status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED" });
    expect(outgoingFailureReasonSchema.safeParse(body.failureReason).success).toBe(true);
    expect(await balanceOf(service, customer.accounts.USD)).toBe(3_000);
  });

  it("keeps a 005 payout PENDING with the money out, then fails it and returns the money", async () => {
    const { customer, bank } = await customerWithBank("005");
    await fund(service, customer.accounts.USD, 3_000);
    const { body } = await transferOut(customer.accounts.USD, bank, 2_000);
    expect(body.status).toBe("PENDING");
    expect(await balanceOf(service, customer.accounts.USD)).toBe(1_000);
    await advanceClock(service, 31);
    const failed = (await getJson(service, `/transactions/${body.id}`)).body;
    expect(failed).toMatchObject({ status: "FAILED", failureReason: "TIMEOUT" });
    expect(outgoingFailureReasonSchema.safeParse(failed.failureReason).success).toBe(true);
    expect(await balanceOf(service, customer.accounts.USD)).toBe(3_000);
    await expect.poll(() => webhookStatuses("OUTGOING_PAYMENT", body.id)).toEqual(["FAILED", "PENDING"]);
  });

  it("keeps room below the largest balance for a pending payout's money to come back", async () => {
    const customer = await createCustomer(service);
    const slow = await createExternalAccount(service, { customerId: customer.id, suffix: "005" });
    const quick = await createExternalAccount(service, { customerId: customer.id, suffix: "001" });
    const account = customer.accounts.USD;
    await fund(service, account, 2_000);
    const pending = await transferOut(account, slow, 2_000);
    expect(pending.body.status).toBe("PENDING");
    expect(await balanceOf(service, account)).toBe(0);
    // Filling the account to the largest balance would leave the returning 2,000 nowhere to go.
    const refused = await transferIn(quick, account, MAX_MINOR_AMOUNT - 1_999);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("AMOUNT_OUT_OF_RANGE");
    expect(await balanceOf(service, account)).toBe(0);
    expect((await transferIn(quick, account, MAX_MINOR_AMOUNT - 2_000)).status).toBe(201);
    await advanceClock(service, 31);
    const failed = (await getJson(service, `/transactions/${pending.body.id}`)).body;
    expect(failed).toMatchObject({ status: "FAILED", failureReason: "TIMEOUT" });
    expect(await balanceOf(service, account)).toBe(MAX_MINOR_AMOUNT);
  });

  it("takes every other due step when one cannot be taken, and the clock move still answers 200", async () => {
    const stuck = await customerWithBank("005");
    const other = await customerWithBank("005");
    await fund(service, stuck.customer.accounts.USD, 2_000);
    await fund(service, other.customer.accounts.USD, 2_000);
    const first = await transferOut(stuck.customer.accounts.USD, stuck.bank, 2_000);
    const second = await transferOut(other.customer.accounts.USD, other.bank, 2_000);
    expect([first.body.status, second.body.status]).toEqual(["PENDING", "PENDING"]);
    // A balance no API call can reach (written past the ledger): the first payout's money cannot come back.
    await service.context.db.execute(
      sql`update internal_accounts set balance = ${MAX_MINOR_AMOUNT} where id = ${stuck.customer.accounts.USD}`,
    );
    await advanceClock(service, 31);
    expect((await getJson(service, `/transactions/${first.body.id}`)).body.status).toBe("PENDING");
    expect((await getJson(service, `/transactions/${second.body.id}`)).body).toMatchObject({
      status: "FAILED",
      failureReason: "TIMEOUT",
    });
    expect(await balanceOf(service, other.customer.accounts.USD)).toBe(2_000);
  });
});

describe("transfer validation", () => {
  it("answers unknown accounts with 404 ACCOUNT_NOT_FOUND", async () => {
    const { customer, bank } = await customerWithBank();
    expect((await transferIn("ExternalAccount:nope", customer.accounts.USD, 1)).body.code).toBe(
      "ACCOUNT_NOT_FOUND",
    );
    expect((await transferIn(bank, "InternalAccount:nope", 1)).status).toBe(404);
    expect((await transferOut("InternalAccount:nope", bank, 1)).status).toBe(404);
    expect((await transferOut(customer.accounts.USD, "ExternalAccount:nope", 1)).status).toBe(404);
  });

  it("refuses accounts of different currencies with 400 INVALID_CURRENCY", async () => {
    const { customer, bank } = await customerWithBank("001", "EUR");
    const { status, body } = await transferIn(bank, customer.accounts.USD, 100);
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_CURRENCY");
  });

  it("refuses accounts of different owners with 400 INVALID_INPUT", async () => {
    const { bank } = await customerWithBank();
    const other = await createCustomer(service);
    const { status, body } = await transferIn(bank, other.accounts.USD, 100);
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_INPUT");
  });

  it("refuses an inactive bank account with 400 INVALID_BANK_ACCOUNT", async () => {
    const customer = await createCustomer(service);
    const bank = await createExternalAccount(service, { customerId: customer.id, status: "INACTIVE" });
    expect((await transferIn(bank, customer.accounts.USD, 100)).body.code).toBe("INVALID_BANK_ACCOUNT");
  });

  it("refuses a customer whose KYC is not approved with 403 USER_NOT_READY", async () => {
    const customer = await createCustomer(service, { kycStatus: "REJECTED" });
    const bank = await createExternalAccount(service, { customerId: customer.id });
    const { status, body } = await transferIn(bank, customer.accounts.USD, 100);
    expect(status).toBe(403);
    expect(body.code).toBe("USER_NOT_READY");
  });

  it("refuses malformed bodies with 400 INVALID_INPUT", async () => {
    const { customer, bank } = await customerWithBank();
    const account = customer.accounts.USD;
    const cases = [
      postJson(service, "/transfer-in", {
        source: { accountId: account },
        destination: { accountId: bank },
        amount: 1,
      }),
      postJson(service, "/transfer-in", {
        source: { accountId: bank },
        destination: { accountId: account },
        amount: -5,
      }),
      postJson(service, "/transfer-out", {
        source: { accountId: account },
        destination: { accountId: bank },
        fee: 1,
      }),
      postJson(service, "/transfer-out", { source: { accountId: account } }),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("INVALID_INPUT");
    }
  });
});

describe("DELETE /customers/{customerId} with money left", () => {
  const remove = (id: string) => service.api(`/customers/${id}`, { method: "DELETE" });

  it("refuses while the customer holds money or a payout is under way, and deletes once it is all out", async () => {
    const customer = await createCustomer(service);
    const slow = await createExternalAccount(service, { customerId: customer.id, suffix: "005" });
    const quick = await createExternalAccount(service, { customerId: customer.id, suffix: "001" });
    const account = customer.accounts.USD;
    await fund(service, account, 5_000);

    const holding = await remove(customer.id);
    expect(holding.status).toBe(400);
    const refusal = await holding.json();
    expect(refusal).toMatchObject({
      code: "INVALID_INPUT",
      details: {
        balances: [{ accountId: account, amount: 5_000, currency: "USD" }],
        waitingTransactionIds: [],
      },
    });
    expect(refusal.message).toContain("pay it out first");
    expect((await getJson(service, `/customers/${customer.id}`)).body.isDeleted).toBe(false);

    // The whole balance leaves by a payout the bank keeps pending: its money may still come back.
    const pending = await transferOut(account, slow);
    expect(pending.body.status).toBe("PENDING");
    const waiting = await remove(customer.id);
    expect(waiting.status).toBe(400);
    expect((await waiting.json()).details).toEqual({
      balances: [],
      waitingTransactionIds: [pending.body.id],
    });

    // It fails and the money comes back to an account that can still pay it out; then the customer goes.
    await advanceClock(service, 31);
    expect(await balanceOf(service, account)).toBe(5_000);
    expect((await transferOut(account, quick)).body.status).toBe("COMPLETED");
    expect((await remove(customer.id)).status).toBe(200);
    expect(await balanceOf(service, account)).toBe(0);
  });

  it("refuses a transfer-in to a deleted customer with 404 and credits nothing", async () => {
    const { customer, bank } = await customerWithBank();
    expect((await remove(customer.id)).status).toBe(200);
    const refused = await transferIn(bank, customer.accounts.USD, 1_000);
    expect(refused.status).toBe(404);
    expect(await balanceOf(service, customer.accounts.USD)).toBe(0);
  });
});
