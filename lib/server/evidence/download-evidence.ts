import "server-only";
import { ApiError } from "../../../shared/api-error";
import { decide } from "../../universal/auth/permissions";
import type { EvidenceRevealBody } from "../../universal/evidence/evidence-reveal";
import type { PaymentEvidence } from "../../universal/evidence/payment-evidence-types";
import { type AuditEntry, auditedAction } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { currentEnvironment } from "../environments/current";
import { paymentEvidence } from "./payment-evidence";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

const fieldsOf = (evidence: PaymentEvidence) =>
  evidence.personalData.form === "masked"
    ? evidence.personalData.maskedFields
    : evidence.personalData.unmaskedFields;

/**
 * GET /api/transactions/[transactionId]/evidence: one payment's evidence, masked as the person's role sees it.
 * Handing out what the webhooks carried is itself recorded, with the fields the role's mask hid.
 */
export function downloadEvidence(
  who: Who,
  user: ConsoleUser,
  transactionId: string,
): Promise<PaymentEvidence> {
  return auditedAction(
    { ...who, action: "evidence.download", targetId: transactionId, summary: { masked: true } },
    () => paymentEvidence(transactionId, user),
    (result) => ({ summary: { maskedFields: fieldsOf(result) } }),
  );
}

/** POST /api/transactions/[transactionId]/evidence: the same unmasked, with the person's reason (audited). */
export function revealEvidence(
  who: Who,
  user: ConsoleUser,
  transactionId: string,
  { justification, form }: EvidenceRevealBody,
): Promise<PaymentEvidence> {
  return auditedAction(
    { ...who, action: "evidence.reveal", targetId: transactionId, summary: { form, justification } },
    async () => {
      // Unmasking is a reveal: the roles that may reveal a field may unmask the evidence, no one else.
      const reveal = decide(user.role, "approvals.decide", currentEnvironment());
      if (!reveal.allowed) {
        throw new ApiError(403, "FORBIDDEN", "Only compliance officers and admins reveal personal data.");
      }
      return paymentEvidence(transactionId, user, { unmasked: true });
    },
    (result) => ({ summary: { fields: fieldsOf(result) } }),
  );
}
