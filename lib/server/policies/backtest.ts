import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Customer } from "../../../shared/contract";
import { type WasDecision, whatHappened } from "../../universal/policies/backtest-compare";
import { type Evaluation, evaluate, holdFor } from "../../universal/policies/evaluate";
import type { PolicyEvaluationView } from "../../universal/policies/evaluation-view";
import {
  gatherFacts,
  type IncomingPayment,
  incomingPaymentOf,
  type VelocityEntry,
  velocityFrom,
} from "../../universal/policies/facts";
import type { PolicyDocument } from "../../universal/policies/rules";
import {
  maskValue,
  PERSONAL_DATA_CATEGORIES,
  type PersonalDataCategory,
} from "../../universal/privacy/fields";
import {
  type ScreeningRecord,
  screeningBlock,
  screeningFactAtArrival,
} from "../../universal/screening/records";
import { getConsoleDatabase } from "../db";
import { auditEvents } from "../db/schema";
import { firstPaymentScreeningsOf } from "../screening/screen-subject";
import { latestEvaluationsOf } from "./evaluations";
import { readRecipient, recipientRecordOf } from "./fact-sources";

/** At most this many payments are replayed (the most recent); the answer says when more were received. */
/** ISO 4217's code for "no currency": a backtested payment whose webhook carried no amount. */
const NO_CURRENCY = "XXX";

const BACKTEST_LIMIT = 5_000;
/** Earlier payments read for velocity figures, at most. */
const HISTORY_LIMIT = 50_000;
const CUSTOMER_READS_AT_ONCE = 8;

export interface BacktestAnswer {
  days: number;
  total: number;
  counts: { approve: number; reject: number; hold: number };
  changed: {
    transactionId: string;
    receivedAt: string;
    /** Minor units of the receiving currency (else the sending one; 0 in NO_CURRENCY when the webhook gave none). */
    amount: { value: number; currency: string };
    sender: string;
    was: { decision: WasDecision; by: string };
    would: { decision: "approve" | "reject" | "hold"; ruleName: string | null; fallback: string | null };
  }[];
  /** Set when more than BACKTEST_LIMIT payments arrived in the period: only the most recent were replayed. */
  truncated?: { limit: number; received: number };
}

interface Arrival {
  payment: IncomingPayment;
  receivedAt: Date;
  answeredStatus: number;
}

async function arrivals(from: Date): Promise<{ rows: Arrival[]; received: number }> {
  const db = getConsoleDatabase();
  const result = await db.execute<{
    transaction_id: string;
    received_at: Date | string;
    payload: Record<string, unknown>;
    response_status: number;
  }>(sql`
    SELECT * FROM (
      SELECT DISTINCT ON (transaction_id) transaction_id, received_at, payload, response_status
      FROM webhook_events
      WHERE type = 'INCOMING_PAYMENT' AND transaction_status = 'PENDING' AND transaction_id IS NOT NULL
        AND received_at >= ${from.toISOString()}
      ORDER BY transaction_id, received_at
    ) AS firsts ORDER BY received_at DESC LIMIT ${BACKTEST_LIMIT + 1}`);
  const count =
    result.rows.length > BACKTEST_LIMIT
      ? Number(
          (
            await db.execute<{ n: number }>(sql`
              SELECT count(DISTINCT transaction_id)::int AS n FROM webhook_events
              WHERE type = 'INCOMING_PAYMENT' AND transaction_status = 'PENDING'
                AND received_at >= ${from.toISOString()}`)
          ).rows[0]?.n ?? 0,
        )
      : result.rows.length;
  const rows = result.rows.slice(0, BACKTEST_LIMIT).flatMap((row) => {
    const payment = incomingPaymentOf(row.payload);
    return payment
      ? [{ payment, receivedAt: new Date(row.received_at), answeredStatus: row.response_status }]
      : [];
  });
  return { rows: rows.reverse(), received: count };
}

/** Earlier pending payments (from `from` on) as velocity counts them. */
async function velocityHistory(from: Date): Promise<VelocityEntry[]> {
  const result = await getConsoleDatabase().execute<{
    transaction_id: string;
    received_at: Date | string;
    payload: Record<string, unknown>;
  }>(sql`
    SELECT transaction_id, received_at,
           jsonb_build_object('transaction', jsonb_build_object(
             'id', transaction_id,
             'customerId', payload->'transaction'->'customerId',
             'source', payload->'transaction'->'source',
             'receivedAmount', payload->'transaction'->'receivedAmount')) AS payload
    FROM webhook_events
    WHERE type = 'INCOMING_PAYMENT' AND transaction_status = 'PENDING' AND transaction_id IS NOT NULL
      AND received_at >= ${from.toISOString()}
    ORDER BY received_at DESC LIMIT ${HISTORY_LIMIT}`);
  return result.rows.flatMap((row) => {
    const payment = incomingPaymentOf(row.payload);
    if (!payment) return [];
    return [
      {
        transactionId: payment.transactionId,
        receivedAt: new Date(row.received_at),
        ...(payment.senderAddress ? { senderAddress: payment.senderAddress } : {}),
        ...(payment.customerId ? { customerId: payment.customerId } : {}),
        ...(payment.receiving ? { receiving: payment.receiving } : {}),
      },
    ];
  });
}

/** People's decisions (not the policies'), the latest per payment, from the audit log. */
async function peopleDecisions(ids: readonly string[]) {
  const decided = new Map<string, { decision: "approve" | "reject"; email: string | null }>();
  for (let start = 0; start < ids.length; start += 1_000) {
    const rows = await getConsoleDatabase()
      .select({
        targetId: auditEvents.targetId,
        action: auditEvents.action,
        email: auditEvents.actorEmail,
        summary: auditEvents.summary,
      })
      .from(auditEvents)
      .where(
        and(
          inArray(auditEvents.targetId, ids.slice(start, start + 1_000)),
          inArray(auditEvents.action, ["payment.approve", "payment.reject"]),
          eq(auditEvents.outcome, "allowed"),
        ),
      )
      .orderBy(desc(auditEvents.id));
    for (const row of rows) {
      if (!row.targetId || decided.has(row.targetId) || row.summary.by === "policy") continue;
      // A first approval of two was only recorded, not sent.
      if (row.summary.approval === "1 of 2") continue;
      decided.set(row.targetId, {
        decision: row.action === "payment.approve" ? "approve" : "reject",
        email: row.email,
      });
    }
  }
  return decided;
}

async function latestEvaluations(ids: readonly string[]) {
  const all = new Map<string, PolicyEvaluationView>();
  for (let start = 0; start < ids.length; start += 1_000) {
    for (const [id, view] of await latestEvaluationsOf(ids.slice(start, start + 1_000))) all.set(id, view);
  }
  return all;
}

/** Reads each needed recipient once, a few at a time. */
async function recipients(ids: readonly string[]): Promise<Map<string, Customer | null>> {
  const found = new Map<string, Customer | null>();
  const queue = [...new Set(ids)];
  await Promise.all(
    Array.from({ length: CUSTOMER_READS_AT_ONCE }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift())
        found.set(id, await readRecipient(id));
    }),
  );
  return found;
}

function amountOf(payment: IncomingPayment): { value: number; currency: string } {
  const amount = payment.receiving ?? payment.sending;
  return amount ? { value: amount.amount, currency: amount.currency } : { value: 0, currency: NO_CURRENCY };
}

const needsRecipient = (document: PolicyDocument) =>
  document.rules.some((rule) => rule.when.some((clause) => clause.kind.startsWith("recipient")));

/**
 * As live (lib/server/policies/decide.ts): an approval becomes a hold when the sender's screening at arrival did not
 * clear them (a potential match not dismissed before, or a failure) or a list was stale.
 */
function gateApproval(would: Evaluation, screening: ScreeningRecord | undefined): Evaluation {
  if (would.decision !== "approve" || !screening) return would;
  const fallback = screeningBlock(screening);
  return fallback ? { ...holdFor(fallback), rule: would.rule } : would;
}

/**
 * Replays the pending incoming payments received in the last `days` against `document`, each with the facts as of
 * its arrival (velocity from the inbox up to then; the recipient's record as the API has it now), and compares
 * with what actually happened. Read-only.
 */
export async function backtest(
  document: PolicyDocument,
  days: number,
  now = new Date(),
  /** What the person's role sees unmasked: a sender named by FULL_NAME is shown as they see it. */
  visible: readonly PersonalDataCategory[] = PERSONAL_DATA_CATEGORIES,
): Promise<BacktestAnswer> {
  const senderOf = (payment: IncomingPayment) => {
    const name = payment.counterparty.FULL_NAME;
    if (payment.senderAddress) return payment.senderAddress;
    if (name === undefined) return "unknown sender";
    return visible.includes("name") ? name : maskValue("FULL_NAME", name);
  };
  const from = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const { rows, received } = await arrivals(from);
  const ids = rows.map((row) => row.payment.transactionId);
  const velocityHours = Math.max(
    0,
    ...document.rules.flatMap((rule) => rule.when.flatMap((c) => (c.kind === "velocity" ? [c.hours] : []))),
  );
  const earliest = rows[0]?.receivedAt ?? now;
  const [history, people, evaluations, customers, screenings] = await Promise.all([
    velocityHours > 0 ? velocityHistory(new Date(earliest.getTime() - velocityHours * 3_600_000)) : [],
    peopleDecisions(ids),
    latestEvaluations(ids),
    needsRecipient(document)
      ? recipients(rows.flatMap((row) => (row.payment.customerId ? [row.payment.customerId] : [])))
      : new Map<string, Customer | null>(),
    firstPaymentScreeningsOf(ids),
  ]);
  const sources = {
    recipient: async (id: string) => {
      const customer = customers.get(id);
      return customer ? recipientRecordOf(customer) : null;
    },
    velocity: async (clause: Parameters<typeof velocityFrom>[0], payment: IncomingPayment, at: Date) =>
      velocityFrom(clause, payment, at, history),
  };
  const counts = { approve: 0, reject: 0, hold: 0 };
  const changed: BacktestAnswer["changed"] = [];
  for (const row of rows) {
    const screening = screenings.get(row.payment.transactionId);
    const payment = screening
      ? { ...row.payment, screening: screeningFactAtArrival(screening) }
      : row.payment;
    const facts = await gatherFacts(document, payment, row.receivedAt, sources);
    const would = gateApproval(evaluate(document, facts), screening);
    counts[would.decision]++;
    const id = row.payment.transactionId;
    const was = whatHappened(people.get(id), evaluations.get(id), row.answeredStatus);
    if (was.decision === would.decision) continue;
    changed.push({
      transactionId: id,
      receivedAt: row.receivedAt.toISOString(),
      amount: amountOf(row.payment),
      sender: senderOf(row.payment),
      was,
      would: { decision: would.decision, ruleName: would.rule?.name ?? null, fallback: would.fallback },
    });
  }
  return {
    days,
    total: rows.length,
    counts,
    changed,
    ...(received > rows.length ? { truncated: { limit: BACKTEST_LIMIT, received } } : {}),
  };
}
