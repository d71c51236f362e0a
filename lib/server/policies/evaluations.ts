import "server-only";
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Evaluation, PolicyFacts } from "../../universal/policies/evaluate";
import type { PolicyEvaluationView } from "../../universal/policies/evaluation-view";
import { type PolicyDocument, policyDocumentSchema } from "../../universal/policies/rules";
import { getConsoleDatabase } from "../db";
import { paymentDecisions, policyEvaluations, policyVersions } from "../db/schema";
import { env } from "../env";

export interface ActivePolicy {
  id: string;
  version: number;
  document: PolicyDocument;
}

/**
 * The version in force, if any (helper pages write versions; the engine only reads the active one). A stored
 * document that no longer parses is reported as `invalid`, which holds the payment ("evaluation-failed").
 */
export async function readActivePolicy(): Promise<
  ActivePolicy | { invalid: { id: string; version: number } } | null
> {
  const [row] = await getConsoleDatabase()
    .select({ id: policyVersions.id, version: policyVersions.version, document: policyVersions.document })
    .from(policyVersions)
    .where(eq(policyVersions.status, "active"))
    .limit(1);
  if (!row) return null;
  const parsed = policyDocumentSchema.safeParse(row.document);
  return parsed.success
    ? { id: row.id, version: row.version, document: parsed.data }
    : { invalid: { id: row.id, version: row.version } };
}

export interface EvaluationRecord {
  transactionId: string;
  webhookId: string;
  evaluation: Evaluation;
  policy: { id: string; version: number } | null;
  facts: PolicyFacts;
  durationMicros: number;
  evaluatedAt: Date;
  /** Added to the stored outcome (e.g. the fields that were missing). */
  extra?: Record<string, unknown>;
}

/**
 * Claims the one decision a payment ever gets (migration 0017): true for the first caller, false when another
 * delivery (this webhook id again, or another naming the same payment) claimed it first. The database's primary key
 * decides, so simultaneous deliveries cannot both evaluate.
 */
export async function claimPaymentDecision(transactionId: string, webhookId: string): Promise<boolean> {
  const rows = await getConsoleDatabase()
    .insert(paymentDecisions)
    .values({ transactionId, webhookId })
    .onConflictDoNothing({ target: paymentDecisions.transactionId })
    .returning({ transactionId: paymentDecisions.transactionId });
  return rows.length > 0;
}

/** A person's claim of a payment's decision is named by the request that made it. */
export const PERSON_CLAIM = "person:";

/**
 * A person deciding a payment (an approval, a first approval of two, a rejection) takes its one decision claim too,
 * so that its pending webhook arriving later (late, or retried) is not decided by the policies as well: that
 * delivery finds the claim taken and makes no decision. A payment the policies held is the people's. One the
 * policies approved or rejected is theirs ("decided"): their answer may not have reached the API yet, and a person's
 * decision sent meanwhile would overtake it; after a minute, by when the API has applied or dropped that answer, a
 * payment still pending is the people's again. While the policies are deciding (a delivery's claim, no evaluation
 * stored yet) the person waits for them, at most the policies' time budget and a margin; a delivery that stored
 * nothing by then gave up (its process stopped, or its store failed after answering "held").
 */
export async function claimDecisionForPerson(
  transactionId: string,
  requestId: string,
): Promise<"ours" | "decided"> {
  const db = getConsoleDatabase();
  const inserted = await db
    .insert(paymentDecisions)
    .values({ transactionId, webhookId: `${PERSON_CLAIM}${requestId}` })
    .onConflictDoNothing({ target: paymentDecisions.transactionId })
    .returning({ transactionId: paymentDecisions.transactionId });
  if (inserted.length > 0) return "ours";
  const [claim] = await db
    .select({ webhookId: paymentDecisions.webhookId, claimedAt: paymentDecisions.claimedAt })
    .from(paymentDecisions)
    .where(eq(paymentDecisions.transactionId, transactionId));
  if (!claim || claim.webhookId.startsWith(PERSON_CLAIM)) return "ours";
  const budgetMs = env().POLICY_TIME_BUDGET_MS;
  const deadline = claim.claimedAt.getTime() + budgetMs + DECIDING_MARGIN_MS;
  // Bounded: at most until the deadline, a read every WAIT_STEP_MS.
  for (let attempt = 0; attempt < MAX_WAITS; attempt++) {
    const [evaluated] = await db
      .select({ decision: policyEvaluations.decision, evaluatedAt: policyEvaluations.evaluatedAt })
      .from(policyEvaluations)
      .where(eq(policyEvaluations.transactionId, transactionId))
      .limit(1);
    const now = Date.now();
    if (evaluated || now >= deadline) {
      const state = { claimedAt: claim.claimedAt, evaluation: evaluated ?? null };
      return policiesHaveIt(state, now, budgetMs) ? "decided" : "ours";
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(WAIT_STEP_MS, deadline - now)));
  }
  return "ours";
}

/** A delivery's claim of a payment's decision, and the policies' latest evaluation of it, if any. */
export interface PolicyClaim {
  claimedAt: Date;
  evaluation: { decision: "approve" | "reject" | "hold"; evaluatedAt: Date } | null;
}

/**
 * Whether the approval policies have a payment in hand: deciding it (their delivery's claim, nothing stored yet,
 * within their time budget and a margin), or approved or rejected it within the last minute, their answer on its
 * way to the payment API. Such a payment is not the people's: a person's decision waits or is refused
 * (claimDecisionForPerson), and the approval queue leaves it out (./in-hand.ts).
 */
export function policiesHaveIt(claim: PolicyClaim, now: number, budgetMs: number): boolean {
  if (!claim.evaluation) return now - claim.claimedAt.getTime() < budgetMs + DECIDING_MARGIN_MS;
  return (
    claim.evaluation.decision !== "hold" &&
    now - claim.evaluation.evaluatedAt.getTime() <= POLICY_ANSWER_SETTLED_MS
  );
}

/** Past the budget: the screening before the policies, the status read, the audit row and the evaluation's write. */
export const DECIDING_MARGIN_MS = 3_000;
const WAIT_STEP_MS = 100;
const MAX_WAITS = 300;
/** How long after the policies' approval or rejection the API has surely applied or dropped it. */
export const POLICY_ANSWER_SETTLED_MS = 60_000;

export async function storeEvaluation(record: EvaluationRecord): Promise<void> {
  const { evaluation } = record;
  const { decision: _decision, ...outcome } = evaluation.outcome;
  await getConsoleDatabase()
    .insert(policyEvaluations)
    .values({
      transactionId: record.transactionId,
      webhookId: record.webhookId,
      decision: evaluation.decision,
      policyVersionId: record.policy?.id ?? null,
      policyVersion: record.policy?.version ?? null,
      ruleId: evaluation.rule?.id ?? null,
      ruleName: evaluation.rule?.name ?? null,
      fallback: evaluation.fallback,
      outcome: { ...outcome, ...record.extra },
      facts: { ...record.facts },
      durationMicros: Math.min(record.durationMicros, 2_147_483_647),
      evaluatedAt: record.evaluatedAt,
    });
}

const viewColumns = {
  transactionId: policyEvaluations.transactionId,
  decision: policyEvaluations.decision,
  policyVersion: policyEvaluations.policyVersion,
  ruleId: policyEvaluations.ruleId,
  ruleName: policyEvaluations.ruleName,
  fallback: policyEvaluations.fallback,
  outcome: policyEvaluations.outcome,
  facts: policyEvaluations.facts,
  evaluatedAt: policyEvaluations.evaluatedAt,
  durationMicros: policyEvaluations.durationMicros,
};

interface Row {
  transactionId: string;
  decision: "approve" | "reject" | "hold";
  policyVersion: number | null;
  ruleId: string | null;
  ruleName: string | null;
  fallback: string | null;
  outcome: Record<string, unknown>;
  facts: Record<string, unknown>;
  evaluatedAt: Date;
  durationMicros: number;
}

const toView = (row: Row): PolicyEvaluationView & { facts: Record<string, unknown> } => ({
  decision: row.decision,
  policyVersion: row.policyVersion,
  ruleId: row.ruleId,
  ruleName: row.ruleName,
  fallback: row.fallback,
  outcome: row.outcome,
  facts: row.facts,
  evaluatedAt: row.evaluatedAt.toISOString(),
  durationMicros: row.durationMicros,
});

/** Every evaluation of one payment, oldest first, with the facts it saw. */
export async function evaluationsOf(transactionId: string) {
  const rows = await getConsoleDatabase()
    .select(viewColumns)
    .from(policyEvaluations)
    .where(eq(policyEvaluations.transactionId, transactionId))
    .orderBy(asc(policyEvaluations.evaluatedAt), asc(policyEvaluations.id))
    .limit(20);
  return rows.map(toView);
}

/** The latest evaluation of each of these payments (without its facts), by transaction id. */
export async function latestEvaluationsOf(
  transactionIds: readonly string[],
): Promise<Map<string, PolicyEvaluationView>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await getConsoleDatabase()
    .select(viewColumns)
    .from(policyEvaluations)
    .where(inArray(policyEvaluations.transactionId, [...transactionIds]))
    .orderBy(desc(policyEvaluations.evaluatedAt), desc(policyEvaluations.id));
  const latest = new Map<string, PolicyEvaluationView>();
  for (const row of rows) {
    if (latest.has(row.transactionId)) continue;
    const { facts: _facts, ...view } = toView(row);
    latest.set(row.transactionId, view);
  }
  return latest;
}

/**
 * Whether an incoming payment waited in the approval queue, by the policies' evaluations of it: "held" when they
 * held it for people, "never" when they approved or rejected it as it arrived (no person had it to decide);
 * undefined when this console never evaluated it (its pending webhook never reached the console).
 */
export async function queueStayOf(transactionId: string): Promise<"held" | "never" | undefined> {
  const rows = await getConsoleDatabase()
    .select({ decision: policyEvaluations.decision })
    .from(policyEvaluations)
    .where(eq(policyEvaluations.transactionId, transactionId))
    .limit(20);
  if (rows.length === 0) return undefined;
  return rows.some((row) => row.decision === "hold") ? "held" : "never";
}
