import type { PaymentEnding } from "./records";

/**
 * What became of a screened payment that has ended, as a verb phrase after "it": "timed out before anyone decided",
 * "failed", "was rejected", "was approved and its money delivered".
 */
export function paymentEndedPhrase(ended: PaymentEnding): string {
  switch (ended.outcome) {
    case "timed-out":
      return "timed out before anyone decided";
    case "failed":
      return "failed";
    case "rejected":
      return "was rejected";
    case "approved":
      return "was approved and its money delivered";
    default:
      return "has ended";
  }
}

/** The few words an alert's row gives it: "Payment timed out". */
export function paymentEndedTag(ended: PaymentEnding): string {
  return {
    "timed-out": "Payment timed out",
    failed: "Payment failed",
    rejected: "Payment rejected",
    approved: "Payment approved",
    unknown: "Payment ended",
  }[ended.outcome];
}
