import "server-only";
import { needsTwoApprovers } from "../../universal/approvals/two-approvers-rule";
import {
  type ApprovalAnswer,
  approvalAnswerFor,
  decideByDocument,
} from "../../universal/policies/decide-document";
import { type Evaluation, holdFor, type PolicyFacts } from "../../universal/policies/evaluate";
import { type IncomingPayment, incomingPaymentOf } from "../../universal/policies/facts";
import { screeningMatched } from "../../universal/screening/records";
import type { ParsedWebhook } from "../../universal/webhooks/parse-webhook";
import { listThresholds } from "../approvals/two-approvers";
import { writeAudit } from "../audit/log";
import { env } from "../env";
import { log } from "../log/logger";
import { queryOfCustomer } from "../screening/customer-query";
import { type ScreeningGate, screenIncomingPayment } from "../screening/screen-payment";
import { latestScreeningsOf, screenSubject } from "../screening/screen-subject";
import { readEmergencyHold } from "./emergency-hold";
import { type EvaluationRecord, readActivePolicy, storeEvaluation } from "./evaluations";
import { liveFactSources } from "./fact-sources";

export type { ApprovalAnswer };

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
  const decided = await decideByDocument(active.document, payment, at, sources, {
    blocked: progress.screening?.blocks ?? null,
    onFacts: (facts) => {
      progress.facts = facts;
    },
  });
  if (decided.evaluation.decision === "approve" && (await needsTwoPeople(payment))) {
    return {
      evaluation: { ...holdFor("two-approvers-required"), rule: decided.evaluation.rule },
      facts: decided.facts,
      extra: { wanted: "approve" },
      policy,
    };
  }
  if (decided.evaluation.decision === "approve" && (await recipientDeleted(sources, payment.customerId))) {
    return {
      evaluation: { ...holdFor("recipient-deleted"), rule: decided.evaluation.rule },
      facts: decided.facts,
      extra: { wanted: "approve" },
      policy,
    };
  }
  const screeningHold =
    decided.evaluation.decision === "approve"
      ? await recipientScreeningHold(sources, payment.customerId)
      : null;
  if (screeningHold) {
    return {
      evaluation: { ...holdFor(screeningHold), rule: decided.evaluation.rule },
      facts: decided.facts,
      extra: { wanted: "approve" },
      policy,
    };
  }
  return { ...decided, policy };
}

/**
 * Why the policies may not credit the payment's recipient customer, from their latest screening (the console screens
 * customers as they are created, changed, or found by its sweep): an open or confirmed match ("recipient-screening-
 * match"; a person decides, seeing the match on the customer's page), or no screening to go by ("recipient-screening-
 * failed": it failed, or could not be read). A customer never screened (created at the API since the sweep's last
 * round) is screened now, from the record read for the rules' facts: the policies never credit someone the console
 * has not screened. Null: cleared, or no one to screen (no customer, or one without a name).
 */
async function recipientScreeningHold(
  sources: ReturnType<typeof liveFactSources>,
  customerId: string | undefined,
): Promise<"recipient-screening-match" | "recipient-screening-failed" | null> {
  if (!customerId) return null;
  try {
    let latest = (await latestScreeningsOf("customer", [customerId])).get(customerId);
    if (!latest) {
      const customer = await sources.customer(customerId);
      const query = customer ? queryOfCustomer(customer) : null;
      if (!query) return null;
      latest = await screenSubject({ type: "customer", id: customerId }, query);
    }
    if (latest.status === "failed") return "recipient-screening-failed";
    return screeningMatched(latest) ? "recipient-screening-match" : null;
  } catch (error) {
    log.warn("policies", "the recipient could not be screened", { customerId, error });
    return "recipient-screening-failed";
  }
}

/**
 * Whether the two-person rule asks two people to approve the payment (its received amount at or over its currency's
 * threshold, the rule as recorded when its webhook arrived, which is the rule now): a policy's approval is no
 * person's, let alone two, so the payment is held for them. A policy that rejects, or holds, needs no one.
 */
async function needsTwoPeople(payment: IncomingPayment): Promise<boolean> {
  const received = payment.receiving;
  if (!received) return false;
  return needsTwoApprovers(await listThresholds(), received.currency, received.amount);
}

/**
 * Whether the payment's customer was deleted since the payment was made (its webhook arrived late: the console was
 * down, or the endpoint failed): the payment service fails an approval of it, which tells the sender nothing, so
 * the policies hold it and a person rejects it with a reason (the relay refuses a person's approval the same way,
 * lib/server/relay/steps/receiver-not-deleted.ts). The record read for the rules' facts is read once. When it cannot be read,
 * the policies decide as before: the payment service still refuses to credit a deleted customer.
 */
async function recipientDeleted(
  sources: ReturnType<typeof liveFactSources>,
  customerId: string | undefined,
): Promise<boolean> {
  if (!customerId) return false;
  try {
    return (await sources.customer(customerId))?.isDeleted === true;
  } catch {
    return false;
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
  // The emergency hold put on while this was being decided holds it too: read again once the decision is made.
  if (decided.evaluation.decision !== "hold" && (await emergencyHoldOn())) {
    decided = { ...decided, evaluation: { ...holdFor("emergency-hold"), rule: decided.evaluation.rule } };
  }
  return {
    answer: approvalAnswerFor(decided),
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

/** Whether the emergency hold is on; on when it cannot be read, as an evaluation that fails holds. */
async function emergencyHoldOn(): Promise<boolean> {
  try {
    return (await readEmergencyHold()).on;
  } catch (error) {
    log.error("policies", "the emergency hold could not be read after a decision; holding the payment", {
      error,
    });
    return true;
  }
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
  // The audit row is the decision's record: it is answered as audited even if its evaluation cannot be stored.
  await storeEvaluation(record).catch((error: unknown) => {
    log.error("policies", "a decision's evaluation was not stored", {
      transactionId: record.transactionId,
      decision: record.evaluation.decision,
      error,
    });
  });
  return answer;
}
