import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankAccountInfoInputSchema } from "../../shared/contract";
import { LISTED_SANDBOX_PERSON } from "../../shared/contract/sandbox-senders";
import type { ServiceDatabase } from "../db/client";
import { checkLedger } from "../test-support/ledger-invariants";
import { startTestService, type TestService } from "../test-support/service";
import { DEMO_HISTORY_DAYS, seedDemo, seedDemoPendingPayment } from "./demo";

const DAY = 24 * 60 * 60 * 1000;
const ENDPOINT = { webhookEndpoint: "http://127.0.0.1:1/api/webhooks" };

let first: TestService;
let second: TestService;
/** Seeded later on the same UTC day as `first`: its first start came at another hour. */
let later: TestService;
let seededAt: Date;
let seconds: number;

async function rows<T>(db: ServiceDatabase, text: string): Promise<T[]> {
  return (await db.pool.query(text)).rows as T[];
}

/** The payments (those made before `before`, when given), without ids or times. */
async function payments(db: ServiceDatabase, before?: Date) {
  const made = before ? `where created_at < '${before.toISOString()}'` : "";
  return rows(
    db,
    `select type, status, destination_currency, source_currency, sent_amount::text, received_amount::text,
            description, failure_reason
       from transactions ${made} order by 1, 2, 3, 4, 5, 6, 7, 8`,
  );
}

/** What a seeded platform holds, without ids or times: the same on every first start. */
async function fingerprint(db: ServiceDatabase) {
  return {
    customers: await rows(
      db,
      "select platform_customer_id, customer_type, kyc_status from customers order by platform_customer_id",
    ),
    transactions: await payments(db),
    balances: await rows(
      db,
      `select coalesce(c.platform_customer_id, 'platform') as owner, a.currency_code, a.balance::text
         from internal_accounts a left join customers c on c.id = a.customer_id order by 1, 2`,
    ),
  };
}

beforeAll(async () => {
  // No worker: the test looks at what the seed leaves behind for the service's first start.
  first = await startTestService({}, { worker: false });
  second = await startTestService({}, { worker: false });
  // The two first starts at the same moment, a little ahead (a clock only moves forward; the seeds take well under
  // the lead): the history runs up to an hour before its start, so a payment of the last day falling in the seconds
  // between two starts one after the other would be in the second alone.
  const startAt = Date.now() + 5 * 60_000;
  const startAtThen = (service: TestService) =>
    service.context.clock.advance(startAt - service.context.clock.now().getTime());
  await startAtThen(first);
  seededAt = first.context.clock.now();
  const started = performance.now();
  expect(await seedDemo(first.context, ENDPOINT)).toBe(true);
  seconds = (performance.now() - started) / 1000;
  await startAtThen(second);
  expect(await seedDemo(second.context, ENDPOINT)).toBe(true);
  later = await startTestService({}, { worker: false });
  // Half-way from the first start to the end of its UTC day: the same day, another hour.
  const laterAt = seededAt.getTime() + Math.floor((DAY - (seededAt.getTime() % DAY)) / 2);
  await later.context.clock.advance(laterAt - later.context.clock.now().getTime());
  expect(await seedDemo(later.context, ENDPOINT)).toBe(true);
}, 240_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
  await later?.close();
});

describe("the demo platform's 60 days of history", () => {
  it("is seeded once, through the API's own rules", async () => {
    expect(await seedDemo(first.context, ENDPOINT)).toBe(false);
    const config = await (await first.api("/config")).json();
    expect(config.umaDomain).toBe("demo.uma.localhost");
    expect(config.webhookEndpoint).toBe(ENDPOINT.webhookEndpoint);
    const james = await (await first.api("/customers?platformCustomerId=user-1002")).json();
    expect(james.data[0]?.fullName).toBe("James Carter");
  });

  it("is replayed in a bounded time", () => {
    console.info(`demo seed with ${DEMO_HISTORY_DAYS} days of history: ${seconds.toFixed(1)} s`);
    // About 10 s on an idle two-core machine; the bound leaves room for a loaded one (the full test run).
    expect(seconds).toBeLessThan(90);
  });

  it("covers the 60 days, with payments on most of them", async () => {
    const [span] = await rows<{ oldest: Date; days: number }>(
      first.context.db,
      "select min(created_at) as oldest, count(distinct date_trunc('day', created_at))::int as days from transactions",
    );
    expect(seededAt.getTime() - new Date(span?.oldest ?? 0).getTime()).toBeGreaterThan(
      (DEMO_HISTORY_DAYS - 1) * DAY,
    );
    expect(span?.days).toBeGreaterThanOrEqual(50);
    const [config] = await rows<{ created_at: Date }>(
      first.context.db,
      "select created_at from platform_config",
    );
    expect(seededAt.getTime() - new Date(config?.created_at ?? 0).getTime()).toBeGreaterThanOrEqual(
      DEMO_HISTORY_DAYS * DAY - 1000,
    );
  });

  it("has payments in and out in every currency, with failures, refunds and rejections", async () => {
    const byKind = await rows<{ type: string; currency: string; n: number }>(
      first.context.db,
      `select type, destination_currency as currency, count(*)::int as n from transactions
        where status = 'COMPLETED' group by 1, 2`,
    );
    for (const type of ["INCOMING", "OUTGOING"]) {
      for (const currency of ["USD", "EUR", "MXN"]) {
        expect(byKind.find((row) => row.type === type && row.currency === currency)?.n ?? 0).toBeGreaterThan(
          5,
        );
      }
    }
    const byStatus = Object.fromEntries(
      (
        await rows<{ status: string; n: number }>(
          first.context.db,
          "select status, count(*)::int as n from transactions group by 1",
        )
      ).map((row) => [row.status, row.n]),
    );
    expect(byStatus.COMPLETED).toBeGreaterThan(300);
    expect(byStatus.FAILED).toBeGreaterThanOrEqual(3);
    expect(byStatus.REFUNDED).toBeGreaterThanOrEqual(2);
    expect(byStatus.REJECTED).toBeGreaterThanOrEqual(3);
    // Nothing is left waiting: no approval, no bank step.
    expect(byStatus.PENDING ?? 0).toBe(0);
    expect(byStatus.PROCESSING ?? 0).toBe(0);
    const reasons = await rows<{ failure_reason: string }>(
      first.context.db,
      "select distinct failure_reason from transactions where status = 'FAILED'",
    );
    expect(reasons.map((row) => row.failure_reason)).toEqual(
      expect.arrayContaining(["PAY_REQUEST_FAILED", "PAYMENT_APPROVAL_TIMED_OUT"]),
    );
    const [refund] = await rows<{ refund: { reference: string; initiatedAt: string } }>(
      first.context.db,
      "select refund from transactions where status = 'REFUNDED' limit 1",
    );
    expect(refund?.refund.reference).toMatch(/^RFD-/);
  });

  it("has customers of both types in several KYC states, with valid bank accounts", async () => {
    const customers = await rows<{ customer_type: string; kyc_status: string }>(
      first.context.db,
      "select customer_type, kyc_status from customers",
    );
    expect(customers.length).toBeGreaterThanOrEqual(20);
    expect(new Set(customers.map((c) => c.customer_type))).toEqual(new Set(["INDIVIDUAL", "BUSINESS"]));
    expect(new Set(customers.map((c) => c.kyc_status))).toEqual(
      new Set(["APPROVED", "PENDING_REVIEW", "REJECTED", "MANUALLY_APPROVED"]),
    );
    const banks = await rows<{ account_info: unknown }>(
      first.context.db,
      "select account_info from external_accounts",
    );
    for (const bank of banks)
      expect(bankAccountInfoInputSchema.safeParse(bank.account_info).error).toBeUndefined();
  });

  it("keeps the ledger balanced: no money created or lost", async () => {
    const report = await checkLedger(first.context.db);
    expect(report.violations).toEqual([]);
    expect(report.movements).toBeGreaterThan(500);
  });

  it("leaves no job of the history queued, nor its webhooks to send", async () => {
    const [history] = await rows<{ events: number; jobs: number; steps: number }>(
      first.context.db,
      `select (select count(*)::int from webhook_events where created_at < '${seededAt.toISOString()}') as events,
              (select count(*)::int from graphile_worker._private_jobs j join graphile_worker._private_tasks t
                 on t.id = j.task_id
                where t.identifier = 'deliver_webhook'
                  and j.payload->>'webhookId' not in (select id from webhook_events)) as jobs,
              (select count(*)::int from graphile_worker._private_jobs j join graphile_worker._private_tasks t
                 on t.id = j.task_id
                where t.identifier = 'payment_step'
                  and j.payload->>'transactionId' in
                      (select id from transactions where created_at < '${seededAt.toISOString()}')) as steps`,
    );
    expect(history).toEqual({ events: 0, jobs: 0, steps: 0 });
    // Today's few payments are announced as usual.
    const [today] = await rows<{ n: number }>(
      first.context.db,
      "select count(*)::int as n from webhook_events",
    );
    expect(today?.n).toBeGreaterThan(0);
    expect(today?.n).toBeLessThan(20);
  });

  it("looks the same on every first start", async () => {
    expect(await fingerprint(second.context.db)).toEqual(await fingerprint(first.context.db));
  });

  it("is the same history whatever the hour of the first start", async () => {
    // Three days before the day it was seeded: the payouts' returns, up to 72 hours later, have all come by then.
    const before = new Date(Math.floor(seededAt.getTime() / DAY) * DAY - 3 * DAY);
    const history = await payments(first.context.db, before);
    expect(history.length).toBeGreaterThan(300);
    expect(await payments(later.context.db, before)).toEqual(history);
  });

  it("then two payments wait for approval, one of them from a sender on the UN list", async () => {
    await seedDemoPendingPayment(first.context);
    const pending = await (await first.api("/transactions?status=PENDING&limit=100")).json();
    expect(pending.data).toHaveLength(2);
    expect(pending.data.map((payment: { platformCustomerId: string }) => payment.platformCustomerId)).toEqual(
      ["user-1002", "user-1002"],
    );
    const senders = pending.data.map(
      (payment: { counterpartyInformation?: { FULL_NAME?: string } }) =>
        payment.counterpartyInformation?.FULL_NAME,
    );
    expect(senders).toContain(LISTED_SANDBOX_PERSON.FULL_NAME);
  });
});
