import "server-only";
import { type AuditEntry, auditedAction } from "../audit/log";
import { counterpartyField } from "../transactions/reveal";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/** POST /api/privacy/reveal: one masked counterparty field of a payment, the person's reason audited. */
export function revealField(
  who: Who,
  { transactionId, field, justification }: { transactionId: string; field: string; justification: string },
): Promise<string> {
  return auditedAction(
    { ...who, action: "privacy.reveal", targetId: transactionId, summary: { field, justification } },
    () => counterpartyField(transactionId, field),
  );
}
