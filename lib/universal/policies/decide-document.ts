import type { Customer } from "../../../shared/contract";
import { approvalFormFields, prefillReceiverInfo } from "../approvals/receiver-info";
import { receiverInfoFormSchema } from "../approvals/receiver-info-schema";
import { type Evaluation, evaluate, holdFor, type PolicyFacts } from "./evaluate";
import { type FactSources, gatherFacts, type IncomingPayment } from "./facts";
import type { EvaluationFallback, PolicyDocument } from "./rules";

/** What the console answers the API's webhook for a pending payment. */
export interface ApprovalAnswer {
  status: 200 | 202 | 403 | 422;
  body: Record<string, unknown>;
}

/** What the version in force decided for one pending payment, with what it saw. */
export interface DocumentDecision {
  evaluation: Evaluation;
  facts: PolicyFacts;
  receiverCustomerInfo?: Record<string, string>;
  extra?: Record<string, unknown>;
}

/** The facts' sources, and the recipient's customer record for the fields the sender requires about them. */
export type DecisionSources = FactSources & { customer(customerId: string): Promise<Customer | null> };

/**
 * The fields the sender's side requires (mandatory) about our recipient, from the customer record; `missing` names
 * those the record cannot supply (unknown to the console, absent, or not valid as the API wants them).
 */
async function receiverInfoFor(
  payment: IncomingPayment,
  customer: DecisionSources["customer"],
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

/**
 * The version in force deciding one pending payment as of `at`: its facts, its first matching rule, and an approval
 * turned into a hold when screening blocks it (`blocked`: a potential match, a failure, a stale list) or when the
 * recipient's record lacks a field the sender requires. The live webhook (lib/server/policies/decide.ts) and the
 * demo's replayed history (scripts/lib/demo-policy.ts) both decide through this one function.
 */
export async function decideByDocument(
  document: PolicyDocument,
  payment: IncomingPayment,
  at: Date,
  sources: DecisionSources,
  options: {
    blocked?: Extract<
      EvaluationFallback,
      "screening-potential-match" | "screening-failed" | "screening-list-stale"
    > | null;
    /** Told the facts as soon as they are gathered (a decision that runs out of time still stores them). */
    onFacts?: (facts: PolicyFacts) => void;
  } = {},
): Promise<DocumentDecision> {
  const facts = await gatherFacts(document, payment, at, sources);
  options.onFacts?.(facts);
  const evaluation = evaluate(document, facts);
  if (evaluation.decision !== "approve") return { evaluation, facts };
  // A potential match, a failed screening or a stale list is never approved automatically.
  if (options.blocked) {
    return {
      evaluation: { ...holdFor(options.blocked), rule: evaluation.rule },
      facts,
      extra: { wanted: "approve" },
    };
  }
  const { info, missing } = await receiverInfoFor(payment, sources.customer);
  if (missing.length > 0) {
    return {
      evaluation: { ...holdFor("receiver-info-unavailable"), rule: evaluation.rule },
      facts,
      extra: { wanted: "approve", missing },
    };
  }
  return { evaluation, facts, receiverCustomerInfo: info };
}

/** The answer to the webhook for a decision: 200 (with the recipient's fields), 403 with the reason, or 202. */
export function approvalAnswerFor(
  decided: Pick<DocumentDecision, "evaluation" | "receiverCustomerInfo">,
): ApprovalAnswer {
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
      return {
        status: 403,
        body: { code: outcome.code, message: outcome.message, reason: outcome.message },
      };
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
