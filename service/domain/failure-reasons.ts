import type { IncomingFailureReason, OutgoingFailureReason, TransactionType } from "../../shared/contract";

/** How the sandbox bank let a transfer or payout down: it refused at once, or kept it pending past its time. */
export type BankFailure = "REFUSED" | "TIMED_OUT";

// Each direction reports a reason from its own list (api-notes §8): OFFRAMP_FAILED is incoming only, TIMEOUT is
// outgoing only. A bank that refuses money coming in, or never confirms it, failed to deliver it into the account;
// a bank that refuses a payout failed its execution, and one that never confirms it timed out.
const INCOMING: Record<BankFailure, IncomingFailureReason> = {
  REFUSED: "OFFRAMP_FAILED",
  TIMED_OUT: "OFFRAMP_FAILED",
};
const OUTGOING: Record<BankFailure, OutgoingFailureReason> = {
  REFUSED: "QUOTE_EXECUTION_FAILED",
  TIMED_OUT: "TIMEOUT",
};

/** The failure reason a transaction of `type` reports when the sandbox bank fails it in the way given. */
export function bankFailureReason(
  type: TransactionType,
  failure: BankFailure,
): IncomingFailureReason | OutgoingFailureReason {
  return (type === "INCOMING" ? INCOMING : OUTGOING)[failure];
}
