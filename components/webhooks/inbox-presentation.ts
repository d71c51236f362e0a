import type { BadgeVariant } from "@/components/ui/badge";
import type { InboxRow } from "@/lib/client/api/webhooks";

/**
 * How the console answered a verified event, in words: the answer is the approval mechanism for payments. A 200
 * to a payment's event says the delivery was taken, not that the payment was: it may be a payment's rejection.
 */
export function answerMeaning(status: number, type: string): { label: string; tone: BadgeVariant } {
  switch (status) {
    case 200:
      return type === "INCOMING_PAYMENT"
        ? { label: "Delivery accepted", tone: "success" }
        : { label: "Received", tone: "success" };
    case 202:
      return { label: "Held for review", tone: "warning" };
    case 403:
      return { label: "Rejected", tone: "danger" };
    case 409:
      return { label: "Already processed", tone: "neutral" };
    case 422:
      return { label: "Asked for sender information", tone: "warning" };
    default:
      return status >= 200 && status < 300
        ? { label: "Received", tone: "success" }
        : { label: "Refused", tone: "danger" };
  }
}

const REJECTION_REASONS: Record<string, string> = {
  missing_signature: "No signature header",
  malformed_signature: "Signature not in an accepted form",
  bad_signature: "Signature does not verify",
  no_public_key: "No public key configured",
  invalid_public_key: "Configured public key unreadable",
};

export function rejectionReason(reason: string): string {
  return REJECTION_REASONS[reason] ?? reason.replace(/_/g, " ");
}

export function inboxRowLabel(row: InboxRow): string {
  return row.kind === "verified" ? row.webhookId : `Unverified delivery ${row.id}`;
}
