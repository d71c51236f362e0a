import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Customer, type Transaction, transactionListSchema } from "../../../shared/contract";
import { needsTwoApprovers } from "../../universal/approvals/two-approvers-rule";
import { customerName } from "../../universal/names/labels";
import {
  type ApprovalBlock,
  compareVersions,
  type OutcomeAtApi,
  type OutcomeCounts,
  outcomeOf,
  type PersonDecision,
  type VersionOutcome,
  type WasDecision,
  whatHappened,
} from "../../universal/policies/backtest-compare";
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
import { screeningBlock, screeningFactAtArrival } from "../../universal/screening/records";
import { listThresholds } from "../approvals/two-approvers";
import { getConsoleDatabase } from "../db";
import { auditEvents } from "../db/schema";
import { currentEnvironment } from "../environments/current";
import { readApi, readApiWithPlatformNow } from "../payment-api/read";
import { firstPaymentScreeningsOf } from "../screening/screen-subject";
import { nameOf, namesByEmail } from "../team/names-by-email";
import { recipientHolds } from "./backtest-recipient-holds";
import { latestEvaluationsOf, readActivePolicy } from "./evaluations";
import { readRecipient, recipientRecordOf } from "./fact-sources";

/** ISO 4217's code for "no currency": a backtested payment whose record carried no amount. */
const NO_CURRENCY = "XXX";

/** At most this many payments are replayed (the most recent); the answer says when more were received. */
const BACKTEST_LIMIT = 5_000;
/** Incoming transactions read from the API, at most (the period's and, for velocity figures, those before it). */
const HISTORY_LIMIT = 50_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A transaction's source when the money came from a UMA sender (service/domain/transactions.ts). */
const UMA_SOURCE_TYPE = "UMA_ADDRESS";
const CUSTOMER_READS_AT_ONCE = 8;
/** Receivers of changed payments named by reading their customer record, at most; the others by their id. */
const RECEIVERS_NAMED = 500;

export interface BacktestAnswer {
  days: number;
  /** The period replayed: `days` before the platform's now, to its now. */
  period: { from: string; to: string };
  /** Payments replayed. */
  total: number;
  /** The version in force it was compared with; null when none is (every payment is then held for people). */
  active: { version: number } | null;
  /** How many payments each version would approve, reject and hold. */
  counts: { active: OutcomeCounts; candidate: OutcomeCounts };
  /** Every payment the two versions decide differently, oldest first. */
  changed: {
    transactionId: string;
    receivedAt: string;
    /** Minor units of the receiving currency (else the sending one; 0 in NO_CURRENCY when the record gave none). */
    amount: { value: number; currency: string };
    /** As the lists name a UMA sender: the name they shared (masked as the role sees it) and their address. */
    sender: string;
    /** The platform's customer it paid, by name (else the platform's id for them). */
    receiver: string;
    active: VersionOutcome;
    candidate: VersionOutcome;
    /** What actually happened to it (a person's decision, a policy's, the console's answer, the API's status). */
    happened: { decision: WasDecision; by: string };
  }[];
  /** Set when more than BACKTEST_LIMIT payments arrived in the period: only the most recent were replayed. */
  truncated?: { limit: number; received: number };
}

interface Arrival {
  payment: IncomingPayment;
  receivedAt: Date;
  /** Where the payment stands at the API now. */
  atApi: OutcomeAtApi;
}

/** How the API fails an incoming payment before the platform is asked about it: it never was pending. */
const NEVER_ASKED = new Set(["LNURLP_FAILED", "PAY_REQUEST_FAILED"]);

/** An incoming payment from a UMA sender that asked the platform for approval (not a transfer between accounts). */
const askedForApproval = (transaction: Transaction) =>
  transaction.type === "INCOMING" &&
  transaction.source?.sourceType === UMA_SOURCE_TYPE &&
  !(transaction.status === "FAILED" && NEVER_ASKED.has(transaction.failureReason ?? ""));

const velocityEntryOf = (payment: IncomingPayment, receivedAt: Date): VelocityEntry => ({
  transactionId: payment.transactionId,
  receivedAt,
  ...(payment.senderAddress ? { senderAddress: payment.senderAddress } : {}),
  ...(payment.customerId ? { customerId: payment.customerId } : {}),
  ...(payment.receiving ? { receiving: payment.receiving } : {}),
});

/**
 * The platform's incoming payments that asked for approval, as the payment API has them (the record of every
 * payment, whether or not this console received its webhook: a fresh start's replayed history, docs/decisions/0061,
 * or a console installed after the platform opened): those received in the `days` before now, the most recent
 * BACKTEST_LIMIT of them, and, for velocity figures, every one from `velocityHours` before the period on. Read
 * newest first, 100 at a time, at most HISTORY_LIMIT incoming transactions. Now is the platform's (the API dates its
 * payments on its own clock, which the sandbox can move) unless given.
 */
async function platformPayments(
  days: number,
  velocityHours: number,
  given: Date | undefined,
): Promise<{ rows: Arrival[]; received: number; history: VelocityEntry[]; from: Date; to: Date }> {
  const filters = new URLSearchParams({ type: "INCOMING", sortOrder: "desc", limit: "100" });
  const first = await readApiWithPlatformNow(`/transactions?${filters}`, transactionListSchema);
  const now = given ?? first.platformNow;
  const from = now.getTime() - days * DAY_MS;
  const floor = from - velocityHours * 3_600_000;
  const rows: Arrival[] = [];
  const history: VelocityEntry[] = [];
  let received = 0;
  let read = 0;
  let page = first.data;
  const seen = new Set<string>();
  for (;;) {
    let older = false;
    for (const transaction of page.data) {
      const at = Date.parse(transaction.createdAt ?? "");
      if (!Number.isFinite(at) || at > now.getTime()) continue;
      if (at < floor) older = true;
      if (at < floor || !askedForApproval(transaction)) continue;
      const payment = incomingPaymentOf({ transaction });
      if (!payment) continue;
      const receivedAt = new Date(at);
      history.push(velocityEntryOf(payment, receivedAt));
      if (at < from) continue;
      received++;
      if (rows.length < BACKTEST_LIMIT) {
        rows.push({
          payment,
          receivedAt,
          atApi: { status: transaction.status, failureReason: transaction.failureReason },
        });
      }
    }
    read += page.data.length;
    const cursor = page.hasMore ? page.nextCursor : undefined;
    if (older || !cursor || seen.has(cursor) || read >= HISTORY_LIMIT) break;
    seen.add(cursor);
    filters.set("cursor", cursor);
    page = await readApi(`/transactions?${filters}`, transactionListSchema);
  }
  return { rows: rows.reverse(), received, history, from: new Date(from), to: now };
}

/** How the console answered each payment's first pending webhook, when it received one (200, 202, 403). */
async function consoleAnswers(ids: readonly string[]): Promise<Map<string, number>> {
  const answered = new Map<string, number>();
  for (let start = 0; start < ids.length; start += 1_000) {
    const result = await getConsoleDatabase().execute<{
      transaction_id: string;
      response_status: number;
    }>(sql`
      SELECT DISTINCT ON (transaction_id) transaction_id, response_status
      FROM webhook_events
      WHERE type = 'INCOMING_PAYMENT' AND transaction_status = 'PENDING'
        AND environment = ${currentEnvironment()}
        AND transaction_id IN (${sql.join(
          ids.slice(start, start + 1_000).map((id) => sql`${id}`),
          sql`, `,
        )})
      ORDER BY transaction_id, received_at`);
    for (const row of result.rows) answered.set(row.transaction_id, row.response_status);
  }
  return answered;
}

/** People's decisions (not the policies'), the latest per payment, from the audit log, each person by name. */
async function peopleDecisions(ids: readonly string[]): Promise<Map<string, PersonDecision>> {
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
  const names = await namesByEmail([...decided.values()].map((person) => person.email));
  return new Map(
    [...decided].map(([id, person]) => [
      id,
      { decision: person.decision, name: nameOf(names, person.email) },
    ]),
  );
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

/** The clauses' longest velocity window, in hours, over both versions (the history read before the period). */
const velocityHoursOf = (documents: readonly PolicyDocument[]) =>
  Math.max(
    0,
    ...documents.flatMap((document) =>
      document.rules.flatMap((rule) => rule.when.flatMap((c) => (c.kind === "velocity" ? [c.hours] : []))),
    ),
  );

/** The version in force now: its document, "invalid" when it no longer reads (live holds everything), or none. */
async function versionInForce(): Promise<{ version: number; document: PolicyDocument | "invalid" } | null> {
  const active = await readActivePolicy();
  if (!active) return null;
  return "invalid" in active
    ? { version: active.invalid.version, document: "invalid" }
    : { version: active.version, document: active.document };
}

/**
 * Replays the platform's incoming payments that asked for approval in the last `days` (as the payment API has them,
 * whether or not this console received their webhooks) through both the version in force now (none: every payment
 * held for people) and `document`, each with the facts as of its arrival (velocity from the payments before it; the
 * recipient's record as the API has it now) and an approval that the sender's screening at arrival did not clear,
 * the two-person rule, or the recipient (deleted, or matched by screening, now) turned into a hold, as live. Answers what each version would decide, the payments they decide differently, and for
 * those, what actually happened (a person's decision here, the policy's, the console's answer, else the API's
 * status). Read-only.
 */
export async function backtest(
  document: PolicyDocument,
  days: number,
  /** The platform's now (the API's clock) unless given. */
  now: Date | undefined,
  /** What the person's role sees unmasked: a sender named by FULL_NAME is shown as they see it. */
  visible: readonly PersonalDataCategory[] = PERSONAL_DATA_CATEGORIES,
): Promise<BacktestAnswer> {
  const senderOf = (payment: IncomingPayment) => {
    const given = payment.counterparty.FULL_NAME?.trim() || payment.counterparty.BUSINESS_NAME?.trim();
    const name = given && (visible.includes("name") ? given : maskValue("FULL_NAME", given));
    if (payment.senderAddress) return name ? `${name} (${payment.senderAddress})` : payment.senderAddress;
    return name || "an unknown sender";
  };
  const active = await versionInForce();
  const activeDocument = active?.document ?? null;
  const documents = [document, ...(activeDocument && activeDocument !== "invalid" ? [activeDocument] : [])];
  const { rows, received, history, from, to } = await platformPayments(days, velocityHoursOf(documents), now);
  const ids = rows.map((row) => row.payment.transactionId);
  const customerIds = (list: readonly Arrival[]) =>
    list.flatMap((row) => (row.payment.customerId ? [row.payment.customerId] : []));
  const [customers, screenings] = await Promise.all([
    documents.some(needsRecipient) ? recipients(customerIds(rows)) : new Map<string, Customer | null>(),
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
  const factsOf = async (version: PolicyDocument | "invalid" | null, payment: IncomingPayment, at: Date) =>
    version === null || version === "invalid" ? {} : await gatherFacts(version, payment, at, sources);
  // The two-person rule and the recipient's holds as they stand: a version's approval of a payment at or over its
  // threshold, or to a recipient deleted or matched, is a hold, as when the payment arrives (policies/decide.ts).
  const thresholds = await listThresholds();
  const needsTwo = ({ receiving }: IncomingPayment) =>
    receiving !== undefined && needsTwoApprovers(thresholds, receiving.currency, receiving.amount);
  const recipientHold = await recipientHolds(customerIds(rows), customers);
  const replayed = [];
  for (const row of rows) {
    const screening = screenings.get(row.payment.transactionId);
    const payment = screening
      ? { ...row.payment, screening: screeningFactAtArrival(screening) }
      : row.payment;
    const blocked: ApprovalBlock | null =
      (screening ? screeningBlock(screening) : null) ??
      (needsTwo(row.payment) ? "two-approvers-required" : null);
    const facts = {
      active: await factsOf(activeDocument, payment, row.receivedAt),
      candidate: await factsOf(document, payment, row.receivedAt),
    };
    const decide = (block: ApprovalBlock | null) => ({
      row,
      active: outcomeOf(activeDocument, facts.active, block),
      candidate: outcomeOf(document, facts.candidate, block),
    });
    const decided = decide(blocked);
    const approves = decided.active.decision === "approve" || decided.candidate.decision === "approve";
    const recipientBlock = approves ? await recipientHold(row.payment.customerId) : null;
    replayed.push(recipientBlock ? decide(recipientBlock) : decided);
  }
  const { counts, changed } = compareVersions(replayed);
  // What happened, and who received the money, are read for the changed payments alone.
  const changedIds = changed.map(({ row }) => row.payment.transactionId);
  const unread = [...new Set(customerIds(changed.map(({ row }) => row)))].filter((id) => !customers.has(id));
  const [answers, people, evaluations, receivers] = await Promise.all([
    consoleAnswers(changedIds),
    peopleDecisions(changedIds),
    latestEvaluations(changedIds),
    recipients(unread.slice(0, RECEIVERS_NAMED)),
  ]);
  const receiverOf = (payment: IncomingPayment) => {
    if (!payment.customerId) return "the platform";
    const customer = customers.get(payment.customerId) ?? receivers.get(payment.customerId);
    return customer ? customerName(customer) : payment.customerId;
  };
  return {
    days,
    period: { from: from.toISOString(), to: to.toISOString() },
    total: rows.length,
    active: active ? { version: active.version } : null,
    counts,
    changed: changed.map(({ row, active: before, candidate }) => {
      const id = row.payment.transactionId;
      return {
        transactionId: id,
        receivedAt: row.receivedAt.toISOString(),
        amount: amountOf(row.payment),
        sender: senderOf(row.payment),
        receiver: receiverOf(row.payment),
        active: before,
        candidate,
        happened: whatHappened(people.get(id), evaluations.get(id), answers.get(id), row.atApi),
      };
    }),
    ...(received > rows.length ? { truncated: { limit: BACKTEST_LIMIT, received } } : {}),
  };
}
