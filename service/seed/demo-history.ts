import { and, desc, eq, sql } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { internalAccounts, transactions, webhookEvents } from "../db/schema";
import {
  approveTransaction,
  handleApprovalReply,
  receiveSandboxPayment,
  rejectTransaction,
} from "../domain/incoming-payments";
import { takeDueSteps } from "../domain/payment-steps";
import { createQuote } from "../domain/quotes";
import { returnCompletedPayout } from "../domain/refunds";
import { transferIn, transferOut } from "../domain/transfers";
import { ApiError } from "../errors";
import {
  AMOUNT_RANGES,
  CURRENCIES,
  type Currency,
  MINIMUM_AMOUNTS,
  PAYMENT_DESCRIPTIONS,
  REJECTION_REASONS,
} from "./demo-amounts";
import { addBankAccount, createDemoCustomer, type Member } from "./demo-customers";
import { DEMO_PEOPLE, type DemoPerson } from "./demo-people";
import { Prng } from "./prng";
import type { ReplayClock } from "./replay-clock";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The start (00:00 UTC) of the day `time` falls in. */
export const startOfUtcDay = (time: number) => Math.floor(time / DAY) * DAY;

export interface HistorySummary {
  customersCreated: number;
  activities: number;
  /** Activities the domain refused (a balance too low for the amount drawn): the rules hold in the replay too. */
  refused: number;
  /** Activities by kind, as they were carried out. */
  byKind: Record<string, number>;
}

type ReplayContext = ServiceContext & { clock: ReplayClock };

/** A pending payment's approval webhook as the console would have received it during the history. */
export interface HistoryWebhook {
  /** The delivered body: the envelope (webhookId, type, timestamp) and the event's fields. */
  body: Record<string, unknown>;
  /** When it was sent: the payment's arrival. */
  at: Date;
}

/**
 * What answered the history's approval webhooks, as the console answers them (200 approves, 403 rejects, 202 leaves
 * the payment to people): the console's approval policy, when the demo has one (scripts/lib/demo-policy.ts).
 */
export type HistoryApprover = (
  webhook: HistoryWebhook,
) => Promise<{ status: number; body: Record<string, unknown> }>;

/**
 * Asks the approver about a payment that just arrived, with the webhook the service recorded for it, and applies the
 * answer as the service applies a delivery's answer. True when that decided the payment (it is no longer PENDING).
 */
async function askApprover(context: ReplayContext, transactionId: string, approver: HistoryApprover) {
  const [event] = await context.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.transactionId, transactionId), eq(webhookEvents.type, "INCOMING_PAYMENT")))
    .orderBy(desc(webhookEvents.createdAt))
    .limit(1);
  if (!event) return false;
  const at = context.clock.now();
  const body = { webhookId: event.id, type: event.type, timestamp: at.toISOString(), ...event.payload };
  const answer = await approver({ body, at });
  await handleApprovalReply(
    context,
    { type: event.type, transactionId },
    {
      url: "history replay",
      statusCode: answer.status,
      responseBody: JSON.stringify(answer.body),
      error: null,
    },
  );
  const [row] = await context.db
    .select({ status: transactions.status })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  return row?.status !== "PENDING";
}

/** Deferred steps of the replay (an approval a few minutes later, a time-out, a bank's return), run in time order. */
class Agenda {
  private items: { at: number; run: () => Promise<void> }[] = [];

  add(at: number, run: () => Promise<void>) {
    this.items.push({ at, run });
    this.items.sort((a, b) => a.at - b.at);
  }

  /** Runs every step due by `time`, each at its own time on the replay clock. */
  async runUntil(context: ReplayContext, time: number) {
    for (;;) {
      const next = this.items[0];
      if (!next || next.at > time) return;
      this.items.shift();
      context.clock.moveTo(new Date(next.at));
      await next.run();
    }
  }
}

async function balanceOf(context: ServiceContext, accountId: string): Promise<number> {
  const [row] = await context.db
    .select({ balance: internalAccounts.balance })
    .from(internalAccounts)
    .where(eq(internalAccounts.id, accountId));
  return row?.balance ?? 0;
}

/** An amount in minor units, drawn log-uniformly from the currency's everyday range; whole units half the time. */
function drawAmount(prng: Prng, currency: Currency, scale = 1): number {
  const [low, high] = AMOUNT_RANGES[currency];
  const major = Math.exp(Math.log(low) + prng.next() * (Math.log(high) - Math.log(low))) * scale;
  return prng.chance(0.5) ? Math.round(major) * 100 : Math.round(major * 100);
}

const refusedByRules = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === "INSUFFICIENT_BALANCE" || error.code === "AMOUNT_OUT_OF_RANGE");

/**
 * Replays a platform's life from the replay clock's time up to `until` (its last hour left quiet), through the
 * service's own domain functions (every rule, ledger movement and status change as the API makes them): customers joining,
 * incoming payments approved, rejected, failed or timed out, transfers between customers in every currency, bank
 * transfers in and out (a few refused or failed by the bank, a few returned later as refunds) and payouts from the
 * platform. Deterministic for a given seed. Every step finishes inside the replay at its own time.
 *
 * With an `approver`, each incoming payment's approval webhook is answered by it when the payment arrives (the
 * console's approval policy): what it decides is done then, and people decide only the payments it leaves to them.
 * The draws of the seeded PRNG are the same either way, so the payments are the same; only who decided them differs.
 */
export async function replayHistory(
  context: ReplayContext,
  options: {
    seed: number;
    until: Date;
    founders: Member[];
    platform: Record<Currency, string>;
    approver?: HistoryApprover | undefined;
  },
): Promise<HistorySummary> {
  const prng = new Prng(options.seed);
  const agenda = new Agenda();
  const members = [...options.founders];
  const summary: HistorySummary = { customersCreated: 0, activities: 0, refused: 0, byKind: {} };
  const start = context.clock.now().getTime();
  const firstDay = startOfUtcDay(start);
  const lastActivity = options.until.getTime() - HOUR;
  const count = (kind: string) => {
    summary.byKind[kind] = (summary.byKind[kind] ?? 0) + 1;
  };
  const ready = () => members.filter((member) => member.ready);

  const receive = async () => {
    const member = prng.pick(ready());
    const currency = prng.chance(0.7) ? member.home : prng.pick(CURRENCIES);
    const failsCompliance = prng.chance(0.04);
    const payment = await receiveSandboxPayment(context, {
      senderUmaAddress: failsCompliance
        ? "$fail.compliance.usd@sandbox.uma.money"
        : `$success.${currency.toLowerCase()}@sandbox.uma.money`,
      receivingCurrencyCode: currency,
      receivingCurrencyAmount: drawAmount(prng, currency),
      customerId: member.id,
    });
    if (failsCompliance) return count("incoming failed compliance");
    const decidedByPolicy = options.approver
      ? await askApprover(context, payment.id, options.approver)
      : false;
    const roll = prng.next();
    const now = context.clock.now().getTime();
    // Decided by someone within the approval window (a few minutes in the demo's default configuration). The
    // people's draws are made even when the policy decided, so the rest of the history stays the same.
    const within = Math.max(1, Math.floor(context.config.approvalTimeoutSeconds / 60) - 1);
    const later = (step: () => Promise<unknown>, kind: string) => {
      const at = now + prng.int(1, within) * MINUTE - prng.int(0, 50) * 1000;
      if (decidedByPolicy) return;
      agenda.add(at, async () => {
        await step();
      });
      count(kind);
    };
    if (roll < 0.84) {
      later(
        () => approveTransaction(context, payment.id, { receiverCustomerInfo: { FULL_NAME: member.name } }),
        "incoming approved",
      );
    } else if (roll < 0.94) {
      const reason = prng.pick(REJECTION_REASONS);
      later(() => rejectTransaction(context, payment.id, { reason }), "incoming rejected");
    } else if (!decidedByPolicy) {
      // Nobody decided in time: the deadline's step fails it, as the job would have.
      const deadline = new Date(payment.approvalDeadline ?? now).getTime();
      agenda.add(deadline + 1_000, () => takeDueSteps(context));
      count("incoming timed out");
    }
    if (decidedByPolicy) count("incoming decided by the policy");
  };

  const topUp = async () => {
    const member = prng.pick(ready());
    await transferIn(context, {
      source: { accountId: member.bank },
      destination: { accountId: member.accounts[member.home] },
      amount: drawAmount(prng, member.home, 2),
    });
    count("bank transfer in");
  };

  const pay = async () => {
    const from = prng.pick(ready());
    const to = prng.pick(ready().filter((member) => member.id !== from.id));
    const sending = prng.chance(0.75) ? from.home : prng.pick(CURRENCIES);
    const balance = await balanceOf(context, from.accounts[sending]);
    const amount = Math.min(drawAmount(prng, sending), Math.floor(balance * 0.45));
    // Too little to send: money comes in instead.
    if (amount < MINIMUM_AMOUNTS[sending]) return receive();
    const receiving = prng.chance(0.6) ? to.home : sending;
    await createQuote(context, {
      source: { accountId: from.accounts[sending] },
      destination: { accountId: to.accounts[receiving], currency: receiving },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: amount,
      immediatelyExecute: true,
      description: prng.pick(PAYMENT_DESCRIPTIONS),
    });
    count(sending === receiving ? "transfer between customers" : "transfer with conversion");
  };

  const payout = async () => {
    const member = prng.pick(ready());
    const balance = await balanceOf(context, member.accounts[member.home]);
    const amount = Math.min(drawAmount(prng, member.home, 1.5), Math.floor(balance * 0.6));
    if (amount < MINIMUM_AMOUNTS[member.home]) return topUp();
    // Now and then a payout to an account entered wrongly: the bank refuses it, or keeps it and fails it later.
    const ending = prng.chance(0.08) ? prng.pick(["002", "004", "005"]) : undefined;
    const bank = ending ? await addBankAccount(context, prng, member, ending) : member.bank;
    const viaQuote = prng.chance(0.5);
    const payment = viaQuote
      ? await createQuote(context, {
          source: { accountId: member.accounts[member.home] },
          destination: { accountId: bank, currency: member.home },
          lockedCurrencySide: "SENDING",
          lockedCurrencyAmount: amount,
          immediatelyExecute: true,
          description: "Withdrawal to bank",
        }).then((quote) => ({ id: quote.transactionId }))
      : await transferOut(context, {
          source: { accountId: member.accounts[member.home] },
          destination: { accountId: bank },
          amount,
        });
    const now = context.clock.now().getTime();
    if (ending === "005") {
      agenda.add(now + 31_000, () => takeDueSteps(context));
      count("bank transfer out failed later");
    } else if (ending) {
      count("bank transfer out refused");
    } else if (prng.chance(0.06)) {
      agenda.add(now + prng.int(20, 72) * HOUR, async () => {
        await returnCompletedPayout(context, payment.id);
      });
      count("bank transfer out returned");
    } else {
      count("bank transfer out");
    }
  };

  const platformPayout = async () => {
    const member = prng.pick(ready());
    const currency = prng.chance(0.8) ? member.home : prng.pick(CURRENCIES);
    await createQuote(context, {
      source: { accountId: options.platform[currency] },
      destination: { accountId: member.accounts[currency], currency },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: drawAmount(prng, currency, 0.3),
      immediatelyExecute: true,
      description: prng.pick(["Cashback", "Referral bonus", "Merchant settlement", "Goodwill credit"]),
    });
    count("platform payout");
  };

  const kinds = { receive, topUp, pay, payout, platformPayout };
  const weights = { receive: 34, topUp: 12, pay: 26, payout: 16, platformPayout: 8 } as const;

  for (let day = 0; firstDay + day * DAY < lastActivity; day++) {
    const dayStart = firstDay + day * DAY;
    for (const person of DEMO_PEOPLE.filter((p: DemoPerson) => p.joinedOnDay === day)) {
      const at = Math.max(start, dayStart + 8 * HOUR + prng.int(0, 9 * 60) * MINUTE);
      if (at > lastActivity) continue;
      await agenda.runUntil(context, at);
      context.clock.moveTo(new Date(at));
      members.push(await createDemoCustomer(context, prng, person));
      summary.customersCreated++;
    }
    const weekday = new Date(dayStart).getUTCDay() % 6 !== 0;
    const activities = weekday ? prng.int(8, 14) : prng.int(3, 6);
    // Between 07:00 and 22:00 UTC, one activity in each slot of the day.
    const slot = (15 * HOUR) / activities;
    for (let i = 0; i < activities; i++) {
      const at = dayStart + 7 * HOUR + Math.floor(i * slot + prng.next() * slot * 0.6);
      if (at < start || at > lastActivity) continue;
      await agenda.runUntil(context, at);
      context.clock.moveTo(new Date(at));
      const kind = prng.weighted(weights);
      try {
        await kinds[kind]();
        summary.activities++;
      } catch (error) {
        if (!refusedByRules(error)) throw error;
        summary.refused++;
      }
    }
  }
  // What is still due before the present happens now; a return due after it never came.
  await agenda.runUntil(context, options.until.getTime());
  return summary;
}

/**
 * The history happened before the console's webhook endpoint existed, so none of its events is sent: its
 * deliveries and their events are removed, as are the (finished) payment steps it queued, so the first start
 * neither floods the console with two months of webhooks nor runs 60-day-old jobs.
 */
export async function forgetHistoryDeliveries(db: ServiceContext["db"], before: Date): Promise<void> {
  const cutoff = before.toISOString();
  await db.execute(sql`
    delete from graphile_worker._private_jobs j using graphile_worker._private_tasks t
     where t.id = j.task_id
       and ((t.identifier = 'deliver_webhook'
             and j.payload->>'webhookId' in (select id from webhook_events where created_at < ${cutoff}::timestamptz))
         or (t.identifier = 'payment_step'
             and j.payload->>'transactionId' in (select id from transactions where created_at < ${cutoff}::timestamptz)))`);
  await db.execute(sql`delete from webhook_events where created_at < ${cutoff}::timestamptz`);
}
