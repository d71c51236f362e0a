import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { transactionSchema } from "../../../shared/contract";
import type { ChainRow } from "../../universal/audit/chain-row";
import { EVIDENCE_FORMAT, type PaymentEvidence } from "../../universal/evidence/payment-evidence-types";
import { categoryOf, maskCounterparty, type PersonalDataCategory } from "../../universal/privacy/fields";
import { maskPersonalDataBytes } from "../../universal/privacy/mask-json-bytes";
import { maskPersonalData } from "../../universal/privacy/mask-transaction";
import { CHAIN_COLUMNS } from "../audit/verify";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { webhookEvents } from "../db/schema";
import { readApi } from "../payment-api/read";
import { evaluationsOf } from "../policies/evaluations";
import { visibleCategories } from "../privacy/visibility";
import { screeningsOf } from "../screening/screen-subject";
import { namesByEmail } from "../team/names-by-email";
import { decisionsOn } from "../transactions/events";
import { auditRowAsRead } from "./audit-rows";

export type { PaymentEvidence };

const MASKED_NOTE =
  "Personal data the generating person's role sees masked is masked here, in the payment, the webhooks' bodies " +
  "(so a masked rawBody is no longer the body as signed), the screenings and the facts policies saw; for a role that " +
  "sees the sender's name masked, what people wrote about the sender (rejection, dismissal and confirmation reasons) " +
  "is withheld there, in the decisions and in the audit rows: each such audit row names in `withheld` the fields " +
  "withheld from that role (its summary then as that role reads it), and keeps its prevHash and hash, so its place " +
  "in the chain still checks but its own hash cannot be recomputed from this file. Every other audit row is as the chain hashed it.";
const UNMASKED_NOTE =
  "Unmasked at the generating person's request, with a stated reason kept in the audit log (evidence.reveal).";

const VERIFICATION =
  "Each audit row's hash is SHA-256 over prevHash followed by id, occurredAt, actorId, actorEmail, actorRole, action, " +
  "targetId, outcome, upstreamStatus, requestId, clientRequestId and summary, each written as <length in characters>:<text> " +
  "(null as empty text); rows with neighbouring ids must link (prevHash = the previous row's hash). Check this file with " +
  "`npm run audit:verify -- --evidence <file>`, and compare a row's hash with the console's live chain (`npm run audit:verify`); " +
  "it reports a row marked `withheld` as not verifiable by this role (a copy taken by a role that sees names unmasked verifies it). " +
  "Webhooks enter the console only after their signature verified against the payment API's key; rawBody is the body as signed.";

/** Everything an auditor needs about one payment, in one document they can check without console access. */
export async function paymentEvidence(
  transactionId: string,
  generatedBy: ConsoleUser,
  options: { unmasked?: boolean } = {},
): Promise<PaymentEvidence> {
  const whole = await wholeEvidence(transactionId, generatedBy);
  const visible = await visibleCategories(generatedBy.role);
  const hidden = personalFieldsIn(whole).filter((field) => !visible.includes(categoryOf(field)));
  if (options.unmasked) {
    return { ...whole, personalData: { form: "unmasked", unmaskedFields: hidden, note: UNMASKED_NOTE } };
  }
  return {
    ...maskedEvidence(whole, visible),
    personalData: { form: "masked", maskedFields: hidden, note: MASKED_NOTE },
  };
}

type WholeEvidence = Omit<PaymentEvidence, "personalData">;

/**
 * The evidence as a person of a role sees the payment: the same masking as every other read of it (lib/privacy),
 * applied to each place the counterparty's data stands. A webhook's raw body is masked byte for byte, so
 * everything else in it stays as received.
 */
function maskedEvidence(evidence: WholeEvidence, visible: readonly PersonalDataCategory[]): WholeEvidence {
  return {
    ...evidence,
    transaction: maskPersonalData(evidence.transaction, visible),
    webhooks: evidence.webhooks.map((webhook) => ({
      ...webhook,
      rawBody: maskPersonalDataBytes(Buffer.from(webhook.rawBody, "utf8"), visible).toString("utf8"),
      answeredBody: maskPersonalData(webhook.answeredBody, visible),
    })),
    screenings: maskPersonalData(evidence.screenings, visible),
    // A person's rejection reason is about the sender: withheld as the timeline withholds it.
    decisions: maskPersonalData(evidence.decisions, visible),
    auditRows: evidence.auditRows.map((row) => auditRowAsRead(row, visible)),
    policyEvaluations: evidence.policyEvaluations.map((evaluation) => {
      const counterparty = record(evaluation.facts.counterparty);
      if (!counterparty) return evaluation;
      const { information } = maskCounterparty(counterparty, visible);
      return { ...evaluation, facts: { ...evaluation.facts, counterparty: information } };
    }),
  };
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Every counterparty field name that stands anywhere in the evidence (what masking may hide), sorted. */
function personalFieldsIn(evidence: WholeEvidence): string[] {
  const fields = new Set<string>();
  const collect = (json: unknown, depth: number): void => {
    if (depth > 8 || typeof json !== "object" || json === null) return;
    for (const [key, value] of Object.entries(json)) {
      const information = key === "counterpartyInformation" ? record(value) : undefined;
      if (information) for (const field of Object.keys(information)) fields.add(field);
      else collect(value, depth + 1);
    }
  };
  collect(evidence.transaction, 0);
  for (const webhook of evidence.webhooks) {
    try {
      collect(JSON.parse(webhook.rawBody), 0);
    } catch {
      // Not JSON: the byte masking passes it unchanged too.
    }
    collect(webhook.answeredBody, 0);
  }
  for (const evaluation of evidence.policyEvaluations) {
    for (const field of Object.keys(record(evaluation.facts.counterparty) ?? {})) fields.add(field);
  }
  return [...fields].sort();
}

async function wholeEvidence(transactionId: string, generatedBy: ConsoleUser): Promise<WholeEvidence> {
  const transaction = await readApi(`/transactions/${encodeURIComponent(transactionId)}`, transactionSchema);
  const db = getConsoleDatabase();
  const [webhooks, decisions, evaluations, screenings, audit] = await Promise.all([
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
    screeningsOf("payment", transactionId),
    // By the column, not the text alias CHAIN_COLUMNS gives it: "10" sorts before "2" as text.
    db.execute<ChainRow & Record<string, unknown>>(
      sql`SELECT ${CHAIN_COLUMNS} FROM audit_events WHERE target_id = ${transactionId} ORDER BY audit_events.id LIMIT 1000`,
    ),
  ]);
  const people = await namesByEmail([generatedBy.email, ...audit.rows.map((row) => row.actorEmail)]);
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
    screenings,
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
    people: Object.fromEntries(people),
    verification: VERIFICATION,
  };
}
