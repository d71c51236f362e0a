import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { type Transaction, transactionSchema } from "../../shared/contract";
import type { ChainRow } from "../audit/chain";
import { CHAIN_COLUMNS } from "../audit/verify";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { webhookEvents } from "../db/schema";
import { readApi } from "../payment-api/read";
import type { PolicyEvaluationView } from "../policies/evaluation-view";
import { evaluationsOf } from "../policies/evaluations";
import { decisionsOn } from "../transactions/events";
import type { TransactionDecisionRecord } from "../transactions/timeline";

export const EVIDENCE_FORMAT = "payments-console-evidence/1";

export interface PaymentEvidence {
  format: typeof EVIDENCE_FORMAT;
  generatedAt: string;
  generatedBy: { email: string; role: string };
  transactionId: string;
  /** The payment as the payment API has it at generation time: its final (or current) state. */
  transaction: Transaction;
  /** Every webhook about it, exactly as received (raw body), with how the console answered. */
  webhooks: {
    webhookId: string;
    type: string;
    receivedAt: string;
    signature: "verified";
    rawBody: string;
    answeredStatus: number;
    answeredBody: unknown;
  }[];
  /** The people's decisions made in this console, with who and when. */
  decisions: TransactionDecisionRecord[];
  /** The approval policies' evaluations of it: decision, version, rule or fallback, and the facts each saw. */
  policyEvaluations: (PolicyEvaluationView & { facts: Record<string, unknown> })[];
  /** The audit log's rows about it, with their place in the hash chain. */
  auditRows: ChainRow[];
  verification: string;
}

const VERIFICATION =
  "Each audit row's hash is SHA-256 over prevHash followed by id, occurredAt, actorId, actorEmail, actorRole, action, " +
  "targetId, outcome, upstreamStatus, requestId, clientRequestId and summary, each written as <length in characters>:<text> " +
  "(null as empty text); rows with neighbouring ids must link (prevHash = the previous row's hash). Check this file with " +
  "`npm run audit:verify -- --evidence <file>`, and compare a row's hash with the console's live chain (`npm run audit:verify`). " +
  "Webhooks enter the console only after their signature verified against the payment API's key; rawBody is the body as signed.";

/** Everything an auditor needs about one payment, in one document they can check without console access. */
export async function paymentEvidence(
  transactionId: string,
  generatedBy: ConsoleUser,
): Promise<PaymentEvidence> {
  const transaction = await readApi(`/transactions/${encodeURIComponent(transactionId)}`, transactionSchema);
  const db = getConsoleDatabase();
  const [webhooks, decisions, evaluations, audit] = await Promise.all([
    db
      .select({
        webhookId: webhookEvents.webhookId,
        type: webhookEvents.type,
        receivedAt: webhookEvents.receivedAt,
        rawBody: webhookEvents.rawBody,
        responseStatus: webhookEvents.responseStatus,
        responseBody: webhookEvents.responseBody,
      })
      .from(webhookEvents)
      .where(eq(webhookEvents.transactionId, transactionId))
      .orderBy(asc(webhookEvents.receivedAt), asc(webhookEvents.id)),
    decisionsOn(transactionId),
    evaluationsOf(transactionId),
    db.execute<ChainRow & Record<string, unknown>>(
      sql`SELECT ${CHAIN_COLUMNS} FROM audit_events WHERE target_id = ${transactionId} ORDER BY id LIMIT 1000`,
    ),
  ]);
  return {
    format: EVIDENCE_FORMAT,
    generatedAt: new Date().toISOString(),
    generatedBy: { email: generatedBy.email, role: generatedBy.role },
    transactionId,
    transaction,
    webhooks: webhooks.map((row) => ({
      webhookId: row.webhookId,
      type: row.type,
      receivedAt: row.receivedAt.toISOString(),
      signature: "verified" as const,
      rawBody: row.rawBody,
      answeredStatus: row.responseStatus,
      answeredBody: row.responseBody ?? null,
    })),
    decisions,
    policyEvaluations: evaluations,
    auditRows: audit.rows.map((row) => ({
      id: row.id,
      occurredAt: row.occurredAt,
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      actorRole: row.actorRole,
      action: row.action,
      targetId: row.targetId,
      outcome: row.outcome,
      upstreamStatus: row.upstreamStatus,
      requestId: row.requestId,
      clientRequestId: row.clientRequestId,
      summary: row.summary,
      prevHash: row.prevHash,
      hash: row.hash,
    })),
    verification: VERIFICATION,
  };
}
