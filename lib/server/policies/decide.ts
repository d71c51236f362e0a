import "server-only";
import { approvalFormFields, prefillReceiverInfo } from "../../universal/approvals/receiver-info";
import { receiverInfoFormSchema } from "../../universal/approvals/receiver-info-schema";
import { type Evaluation, evaluate, holdFor, type PolicyFacts } from "../../universal/policies/evaluate";
import { gatherFacts, type IncomingPayment, incomingPaymentOf } from "../../universal/policies/facts";
import type { ParsedWebhook } from "../../universal/webhooks/parse-webhook";
import { writeAudit } from "../audit/log";
import { env } from "../env";
import { log } from "../log/logger";
import { type ScreeningGate, screenIncomingPayment } from "../screening/screen-payment";
import { readEmergencyHold } from "./emergency-hold";
import { type EvaluationRecord, readActivePolicy, storeEvaluation } from "./evaluations";
import { liveFactSources } from "./fact-sources";

interface Decided {
  screening?: ScreeningGate;
  evaluation: Evaluation;
  policy: { id: string; version: number } | null;
  facts: PolicyFacts;
  receiverCustomerInfo?: Record<string, string>;
  extra?: Record<string, unknown>;
}

export interface PolicyDecision {
  answer: ApprovalAnswer;
  record: EvaluationRecord;
}

/** What the console answers the API's webhook for a pending payment. */
export interface ApprovalAnswer {
  status: 200 | 202 | 403 | 422;
  body: Record<string, unknown>;
}

/**
 * The fields the sender's side requires (mandatory) about our recipient, from the customer record; `missing` names
 * those the record cannot supply (unknown to the console, absent, or not valid as the API wants them).
 */
async function receiverInfoFor(
  payment: IncomingPayment,
  customer: (id: string) => Promise<Parameters<typeof prefillReceiverInfo>[1] | null>,
): Promise<{ info: Record<string, string>; missing: string[] }> {
  const mandatory = payment.requestedFields.filter((field) => field.mandatory);
  if (mandatory.length === 0) return { info: {}, missing: [] };
  const known = approvalFormFields(mandatory);
  const unknown = mandatory.filter((field) => !known.some((k) => k.name === field.name)).map((f) => f.name);
  const record = payment.customerId ? await customer(payment.customerId) : null;
  const values = prefillReceiverInfo(known, record ?? undefined);
  const parsed = receiverInfoFormSchema(known).safeParse(values);
  if (!parsed.success) {
    const invalid = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
    return { info: {}, missing: [...unknown, ...invalid] };
  }
  const info = Object.fromEntries(
    Object.entries(parsed.data).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  return { info, missing: unknown };
}

async function decideWithin(
  payment: IncomingPayment,
  at: Date,
  progress: Partial<Decided>,
): Promise<Decided> {
  // Screening first (issue 48): its result is stored whatever the policies decide, and an approval it does not
  // clear becomes a hold below.
  progress.screening = await screenIncomingPayment(payment);
  // The policies may ask about it too (the screeningClear and screeningScore clauses).
  const screened: IncomingPayment = { ...payment, screening: progress.screening.fact };
  const decided = await decideByPolicy(screened, at, progress);
  return { ...decided, screening: progress.screening };
}

async function decideByPolicy(
  payment: IncomingPayment,
  at: Date,
  progress: Partial<Decided>,
): Promise<Decided> {
  const emergency = await readEmergencyHold();
  if (emergency.on) return { evaluation: holdFor("emergency-hold"), policy: null, facts: {} };
  const active = await readActivePolicy();
  if (!active) return { evaluation: holdFor("no-active-policy"), policy: null, facts: {} };
  if ("invalid" in active)
    return { evaluation: holdFor("evaluation-failed"), policy: active.invalid, facts: {} };
  const policy = { id: active.id, version: active.version };
  progress.policy = policy;
  const sources = liveFactSources();
  const facts = await gatherFacts(active.document, payment, at, sources);
  progress.facts = facts;
  const evaluation = evaluate(active.document, facts);
  if (evaluation.decision !== "approve") return { evaluation, policy, facts };
  // A potential match, a failed screening or a stale list is never approved automatically.
  const blocked = progress.screening?.blocks;
  if (blocked) {
    return {
      evaluation: { ...holdFor(blocked), rule: evaluation.rule },
      policy,
      facts,
      extra: { wanted: "approve" },
    };
  }
  const { info, missing } = await receiverInfoFor(payment, sources.customer);
  if (missing.length > 0) {
    return {
      evaluation: { ...holdFor("receiver-info-unavailable"), rule: evaluation.rule },
      policy,
      facts,
      extra: { wanted: "approve", missing },
    };
  }
  return { evaluation, policy, facts, receiverCustomerInfo: info };
}

function answerFor(decided: Decided): ApprovalAnswer {
  const { outcome } = decided.evaluation;
  switch (outcome.decision) {
    case "approve":
      return {
        status: 200,
        body: Object.keys(decided.receiverCustomerInfo ?? {}).length
          ? { receiverCustomerInfo: decided.receiverCustomerInfo }
          : {},
      };
    case "reject":
      return { status: 403, body: { code: outcome.code, message: outcome.message, reason: outcome.message } };
    case "hold":
      return {
        status: 202,
        body: {
          status: "HELD_FOR_REVIEW",
          message: "The payment is held for review by the platform's compliance team.",
        },
      };
  }
}

/**
 * Decides a PENDING INCOMING_PAYMENT by the approval policies, inside the time budget (POLICY_TIME_BUDGET_MS):
 * the emergency hold, then the active version's first matching rule. No active version, an error, or the budget
 * running out all hold the payment for people, with the reason as the fallback. Nothing is stored here
 * (recordPolicyDecision does, once the delivery is known to be new).
 */
export async function decidePendingPayment(webhook: ParsedWebhook): Promise<PolicyDecision> {
  const started = performance.now();
  const at = new Date();
  const payment = incomingPaymentOf(webhook.payload);
  const progress: Partial<Decided> = {};
  let decided: Decided;
  if (!payment) {
    decided = { evaluation: holdFor("evaluation-failed"), policy: null, facts: {} };
  } else {
    let timer: NodeJS.Timeout | undefined;
    const budget = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), env().POLICY_TIME_BUDGET_MS);
    });
    const work = decideWithin(payment, at, progress);
    try {
      const result = await Promise.race([work, budget]);
      decided =
        result === "late"
          ? {
              evaluation: holdFor("time-budget-exceeded"),
              policy: progress.policy ?? null,
              facts: progress.facts ?? {},
            }
          : result;
    } catch (error) {
      log.error("policies", "evaluation failed; holding the payment", {
        transactionId: payment.transactionId,
        error,
      });
      decided = {
        evaluation: holdFor("evaluation-failed"),
        policy: progress.policy ?? null,
        facts: progress.facts ?? {},
      };
    } finally {
      clearTimeout(timer);
      // Work that lost the race may still fail later; its result is no longer wanted.
      work.catch(() => {});
    }
  }
  return {
    answer: answerFor(decided),
    record: {
      transactionId: payment?.transactionId ?? webhook.transactionId ?? "",
      webhookId: webhook.webhookId,
      evaluation: decided.evaluation,
      policy: decided.policy,
      facts: decided.facts,
      durationMicros: Math.round((performance.now() - started) * 1000),
      evaluatedAt: at,
      ...(decided.extra || progress.screening
        ? {
            extra: {
              ...decided.extra,
              ...(progress.screening ? { screening: progress.screening.summary } : {}),
            },
          }
        : {}),
    },
  };
}

const HELD: ApprovalAnswer = {
  status: 202,
  body: {
    status: "HELD_FOR_REVIEW",
    message: "The payment is held for review by the platform's compliance team.",
  },
};

/**
 * Records a decision before it is answered: an audit row with the policy as actor (`payment.approve`,
 * `payment.reject` or `payment.hold`, summary `{by: "policy", policyVersion, rule, …}`), then the evaluation. When
 * the audit log cannot be written an automatic approval or rejection must not go out: the payment is held
 * instead ("evaluation-failed"). Answers what to send.
 */
export async function recordPolicyDecision(
  decision: PolicyDecision,
  requestId: string,
): Promise<ApprovalAnswer> {
  let { answer, record } = decision;
  const audit = (r: EvaluationRecord) =>
    writeAudit({
      actor: null,
      action: `payment.${r.evaluation.decision}`,
      targetId: r.transactionId,
      outcome: "allowed",
      upstreamStatus: null,
      requestId,
      summary: {
        by: "policy",
        policyVersion: r.policy?.version ?? null,
        rule: r.evaluation.rule?.id ?? null,
        ruleName: r.evaluation.rule?.name ?? null,
        fallback: r.evaluation.fallback,
        webhookId: r.webhookId,
        ...(r.extra?.screening ? { screening: r.extra.screening } : {}),
        ...(r.evaluation.outcome.decision === "reject"
          ? { code: r.evaluation.outcome.code, reason: r.evaluation.outcome.message }
          : {}),
      },
    });
  try {
    await audit(record);
  } catch {
    if (record.evaluation.decision !== "hold") {
      record = { ...record, evaluation: { ...holdFor("evaluation-failed"), rule: record.evaluation.rule } };
      answer = HELD;
      await audit(record).catch(() => {});
    }
  }
  await storeEvaluation(record);
  return answer;
}
