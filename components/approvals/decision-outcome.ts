/**
 * What an officer's decision in the approve or reject dialog came to: the payment approved (sent), a first approval
 * recorded under the two-person rule (the payment still waits), or the payment rejected. The dialogs say nothing of
 * it themselves; the page that opened them tells it where the officer is looking: the approval queue in its own
 * notices above the cards, the transaction page in a toast.
 */
export type DecisionOutcome = "approved" | "first-approval" | "rejected";

/** The toast of a decision made on a payment's own page. */
export const DECISION_TOASTS: Record<DecisionOutcome, string> = {
  approved: "Payment approved",
  "first-approval": "First approval recorded: a second officer must approve",
  rejected: "Payment rejected",
};
