import type { TransactionType } from "../../../shared/contract";

export interface FailureExplanation {
  /** A short headline: what went wrong. */
  title: string;
  /** Why, in words a support agent can repeat to a customer. */
  explanation: string;
  /** What to do about it. */
  nextStep: string;
}

// Every failed payment returns its funds to the source (api-notes §5), so no explanation needs to say so twice.
const REASONS: Record<string, FailureExplanation> = {
  LNURLP_FAILED: {
    title: "The receiver could not be reached",
    explanation:
      "The first step of a UMA payment, asking the receiver's institution how to pay this address, failed.",
    nextStep: "Check the UMA address with the receiver, then try again later.",
  },
  PAY_REQUEST_FAILED: {
    title: "The payment request was refused",
    explanation: "The counterparty's institution did not accept the request to pay this address.",
    nextStep: "Ask the counterparty to confirm their address and the currencies they accept.",
  },
  PAYMENT_APPROVAL_WEBHOOK_ERROR: {
    title: "Our approval webhook did not answer properly",
    explanation:
      "The payment API asked this platform's webhook endpoint whether to accept the payment, and got an error, an unexpected answer or no answer in time.",
    nextStep: "Check the webhook endpoint in the configuration and the recent deliveries.",
  },
  PAYMENT_APPROVAL_TIMED_OUT: {
    title: "Nobody decided in time",
    explanation:
      "The payment was held for review, and no one approved or rejected it before the approval window closed.",
    nextStep: "Ask the sender to send it again, and decide it from the approval queue while it is pending.",
  },
  OFFRAMP_FAILED: {
    title: "The bank payout failed",
    explanation:
      "The money could not be paid out to the receiving bank account: the bank refused it, or reported the account closed or short of funds.",
    nextStep: "Check the receiving bank account details with the customer.",
  },
  MISSING_MANDATORY_PAYEE_DATA: {
    title: "Required recipient information was missing",
    explanation: "The sender's institution required information about the recipient that was not provided.",
    nextStep: "Complete the customer's record (name, birth date, address) so it can be sent next time.",
  },
  QUOTE_EXPIRED: {
    title: "The quote expired",
    explanation: "The rate lock ran out before the payment was funded or executed.",
    nextStep: "Create a new quote and execute it before its countdown ends.",
  },
  QUOTE_EXECUTION_FAILED: {
    title: "The payment could not be executed",
    explanation:
      "The payment was accepted but paying it out failed, for example because the receiver's compliance check or the receiving bank refused it.",
    nextStep:
      "Check the recipient's details (their bank account, or with the counterparty), then try again; contact support with the transaction id if it keeps failing.",
  },
  LIGHTNING_PAYMENT_FAILED: {
    title: "The settlement payment failed",
    explanation: "The payment that carries the money between the institutions did not go through.",
    nextStep: "Try again; if it keeps failing, contact support with the transaction id.",
  },
  FUNDING_AMOUNT_MISMATCH: {
    title: "The funds received did not match the quote",
    explanation:
      "Nothing was sent: the money that arrived to fund this quote was not its total, so the payment was not made and that money was returned to where it came from.",
    nextStep: "Fund a new quote with exactly its total sending amount.",
  },
  COUNTERPARTY_POST_TX_FAILED: {
    title: "The receiver's institution did not confirm the payment",
    explanation:
      "After the money moved, the counterparty's institution failed to acknowledge the transaction.",
    nextStep: "Contact support with the transaction id and reconciliation reference.",
  },
  TIMEOUT: {
    title: "The payment timed out",
    explanation: "A step of the payment took longer than allowed, so it was stopped.",
    nextStep: "Try again; if it keeps timing out, contact support with the transaction id.",
  },
};

/** A failure reason the API sends, explained; an unknown reason (a newer API's) still reads as words. */
export function explainFailure(reason: string, type?: TransactionType): FailureExplanation {
  const known = REASONS[reason];
  if (known) {
    if (reason === "PAY_REQUEST_FAILED" && type === "INCOMING") {
      return {
        title: "The sender's institution stopped the payment",
        explanation:
          "Its checks of the sender (compliance) failed, or it could not give the information this platform asks about senders; nothing reached the recipient.",
        nextStep: "Nothing to undo here: the sender may send again once their institution clears it.",
      };
    }
    if (reason === "OFFRAMP_FAILED" && type === "INCOMING") {
      return {
        ...known,
        explanation:
          "The money could not be delivered into the recipient's account at the end of the payment.",
      };
    }
    return known;
  }
  const words = reason.toLowerCase().replace(/[_-]+/g, " ").trim();
  return {
    title: words ? words.charAt(0).toUpperCase() + words.slice(1) : "The payment failed",
    explanation: "The payment API reported this reason, which this console does not know yet.",
    nextStep: "Contact support with the transaction id.",
  };
}

export const explainedFailureReasons = Object.keys(REASONS);

/** "The sender's institution stopped the payment (PAY_REQUEST_FAILED). Its checks of …": a failure in one line. */
export function failureSentence(reason: string, type?: TransactionType): string {
  const { title, explanation } = explainFailure(reason, type);
  return `${title} (${reason}). ${explanation}`;
}
