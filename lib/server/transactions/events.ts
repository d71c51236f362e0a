import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import { userInfoFieldRequirementSchema } from "../../../shared/contract";
import { DECISION_ACTIONS, decisionOf } from "../../universal/relay/route-table";
import type { TransactionDecisionRecord } from "../../universal/transactions/timeline";
import { getConsoleDatabase } from "../db";
import { auditEvents, users, webhookEvents } from "../db/schema";
import { evaluationsOf } from "../policies/evaluations";

// A transaction sees a handful of status changes; the bound only stops a flood of repeats from growing the answer.
const MAX_EVENTS = 200;
// The API accepts one decision per payment; the bound is only a ceiling.
const MAX_DECISIONS = 20;

const payloadSchema = z.looseObject({
  transaction: z
    .looseObject({
      failureReason: z.string().optional(),
      updatedAt: z.iso.datetime({ offset: true }).optional(),
      counterpartyInformation: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  requestedReceiverCustomerInfoFields: z.array(userInfoFieldRequirementSchema).optional(),
});

export function transactionIdFrom(value: unknown): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 200) {
    throw new ApiError(400, "INVALID_INPUT", "Give a transaction id.");
  }
  try {
    return decodeURIComponent(value);
  } catch {
    throw new ApiError(400, "INVALID_INPUT", "The transaction id is not validly encoded.");
  }
}

function webhookRows(transactionId: string) {
  return getConsoleDatabase()
    .select({
      webhookId: webhookEvents.webhookId,
      type: webhookEvents.type,
      transactionStatus: webhookEvents.transactionStatus,
      receivedAt: webhookEvents.receivedAt,
      responseStatus: webhookEvents.responseStatus,
      payload: webhookEvents.payload,
    })
    .from(webhookEvents)
    .where(eq(webhookEvents.transactionId, transactionId))
    .orderBy(asc(webhookEvents.receivedAt), asc(webhookEvents.id))
    .limit(MAX_EVENTS);
}

/**
 * The approvals and rejections people made on the payment in this console, as its audit log recorded them: only
 * those the payment API accepted (outcome "allowed"), with the decider's name as the team has it now.
 */
export async function decisionsOn(transactionId: string): Promise<TransactionDecisionRecord[]> {
  const rows = await getConsoleDatabase()
    .select({
      action: auditEvents.action,
      occurredAt: auditEvents.occurredAt,
      email: auditEvents.actorEmail,
      name: users.name,
      summary: auditEvents.summary,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(
      and(
        eq(auditEvents.targetId, transactionId),
        inArray(auditEvents.action, Object.keys(DECISION_ACTIONS)),
        eq(auditEvents.outcome, "allowed"),
      ),
    )
    .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.id))
    .limit(MAX_DECISIONS);
  return rows.flatMap((row) => {
    // The approval policies' decisions are audited under the same actions; the timeline reads them from their
    // stored evaluations (lib/server/policies/evaluations.ts).
    if (row.summary.by === "policy") return [];
    const decision = decisionOf(row.action);
    const reason = row.summary.reason;
    const approvalStep = row.summary.approval;
    if (!decision) return [];
    return [
      {
        decision,
        at: row.occurredAt.toISOString(),
        by: { name: row.name, email: row.email },
        ...(typeof reason === "string" && reason ? { reason } : {}),
        ...(typeof approvalStep === "string" ? { approvalStep } : {}),
      },
    ];
  });
}

/**
 * A transaction's timeline as GET /api/transactions/{id}/events answers it: its status changes from the webhook
 * inbox, what the sender told and asked (from the latest webhooks that carried it), and the decisions people made.
 */
export async function transactionEvents(transactionId: string) {
  const [rows, decisions, evaluations] = await Promise.all([
    webhookRows(transactionId),
    decisionsOn(transactionId),
    evaluationsOf(transactionId),
  ]);

  let counterpartyInformation: Record<string, string> | undefined;
  let requestedReceiverCustomerInfoFields: { name: string; mandatory: boolean }[] | undefined;
  const data = rows.map((row) => {
    const payload = payloadSchema.safeParse(row.payload);
    const parsed = payload.success ? payload.data : {};
    const info = parsed.transaction?.counterpartyInformation;
    if (info) {
      counterpartyInformation = Object.fromEntries(
        Object.entries(info).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      );
    }
    if (parsed.requestedReceiverCustomerInfoFields) {
      requestedReceiverCustomerInfoFields = parsed.requestedReceiverCustomerInfoFields.map((field) => ({
        name: field.name,
        mandatory: field.mandatory,
      }));
    }
    return {
      webhookId: row.webhookId,
      type: row.type,
      transactionStatus: row.transactionStatus,
      failureReason: parsed.transaction?.failureReason ?? null,
      receivedAt: row.receivedAt.toISOString(),
      // When the status changed at the API; deliveries can arrive out of order (retries, parallel workers).
      occurredAt: parsed.transaction?.updatedAt ?? row.receivedAt.toISOString(),
      responseStatus: row.responseStatus,
    };
  });

  return {
    data,
    ...(counterpartyInformation ? { counterpartyInformation } : {}),
    ...(requestedReceiverCustomerInfoFields ? { requestedReceiverCustomerInfoFields } : {}),
    decisions,
    policyEvaluations: evaluations.map(({ facts: _facts, ...view }) => view),
  };
}
