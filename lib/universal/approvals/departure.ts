import type { ConsoleEvent } from "../events/types";
import { formatMinorUnits } from "../money/format";
import type { PendingApproval } from "./pending-approval";
import { senderNameOf } from "./sender-name";

/**
 * Why a payment left the approval queue, as the page learnt it: who decided it and when (a person's decision, from
 * the console's `approval-decided` event), what the payment API says became of it (its webhook's event), or that the
 * page decided it itself. Read by the queue's notices and by a decision dialog whose payment left while it was open.
 */
export interface Departure {
  outcome: "approved" | "rejected" | "timed-out" | "failed" | "unknown";
  /** The person who decided it, when the console knows (their email, and their name when the event carries it). */
  by?: { email: string; name?: string | undefined } | undefined;
  /** Approved or rejected by the approval policies as it arrived, not by a person. */
  byPolicy?: boolean | undefined;
  /** Decided on this page, by the person reading it. */
  own?: boolean | undefined;
  /** When it was decided (ISO), as the event says, else when the page heard of it. */
  at?: string | undefined;
  failureReason?: string | undefined;
}

/** What an event says became of a payment, or undefined when it says nothing of one leaving the queue. */
export function departureOf(
  event: ConsoleEvent,
  heardAt: Date,
): { id: string; departure: Departure } | undefined {
  if (event.kind === "approval-decided") {
    return {
      id: event.transactionId,
      departure: {
        outcome: event.decision,
        by: { email: event.decidedBy, name: event.decidedByName },
        at: event.decidedAt ?? heardAt.toISOString(),
      },
    };
  }
  if (event.kind !== "webhook" || !event.transactionId || event.type !== "INCOMING_PAYMENT") return undefined;
  // One refused at once (the sender's compliance check) never waited in the queue.
  if (event.failureReason === "PAY_REQUEST_FAILED") return undefined;
  const departure = departureOfStatus(event.transactionStatus, event.failureReason, heardAt.toISOString());
  if (!departure) return undefined;
  // Decided by the policies as it arrived: a queue that read it in that moment says who decided.
  const byPolicy =
    event.queue === "never" && (departure.outcome === "approved" || departure.outcome === "rejected");
  return { id: event.transactionId, departure: byPolicy ? { ...departure, byPolicy } : departure };
}

/**
 * What a held payment's status says became of it (no one's name: a status does not say who), at `at`; undefined
 * while it still waits, or for a status that says nothing of a decision. Read from a webhook, and by a payment's own
 * page from the payment as read again.
 */
export function departureOfStatus(
  status: string | undefined,
  failureReason: string | undefined,
  at: string | undefined,
): Departure | undefined {
  if (failureReason === "PAYMENT_APPROVAL_TIMED_OUT") return { outcome: "timed-out", at };
  switch (status) {
    case "COMPLETED":
      return { outcome: "approved", at };
    case "REJECTED":
      return { outcome: "rejected", at };
    case "FAILED":
      return { outcome: "failed", at, failureReason };
    default:
      return undefined;
  }
}

/**
 * Whether what was just heard of a payment says more than what was known: a person's decision (who, when) more than
 * a webhook's status; the page's own decision most.
 */
export function saysMore(heard: Departure, known: Departure | undefined): boolean {
  return !known || (heard.by !== undefined && !known.own && !known.by);
}

/** Who, in words: "you" for the reader (in this page or another of theirs), else their name, else their email. */
function whom(by: NonNullable<Departure["by"]>, viewerEmail: string | undefined): string {
  if (viewerEmail && by.email.toLowerCase() === viewerEmail.toLowerCase()) return "you";
  return by.name?.trim() || by.email;
}

/** The notice's verb phrase: "was approved by you", "was rejected by Cole Compliance", "timed out before anyone decided". */
export function departureVerb(departure: Departure | undefined, viewerEmail?: string): string {
  if (!departure || departure.outcome === "unknown") return "was decided elsewhere";
  switch (departure.outcome) {
    case "timed-out":
      return "timed out before anyone decided";
    case "failed":
      return `failed${departure.failureReason ? ` (${departure.failureReason})` : ""}`;
    default: {
      const by = departure.own
        ? "you"
        : departure.by
          ? whom(departure.by, viewerEmail)
          : departure.byPolicy
            ? "the approval policy"
            : undefined;
      return `was ${departure.outcome}${by ? ` by ${by}` : ""}`;
    }
  }
}

/**
 * A payment as a person reads it: "$1,250.00 from Alex Sandbox Rivera", the sender's name as the card shows it (masked
 * for a role that sees it masked: the server sends it so); "Payment <id>" when the page never held it.
 */
export function paymentSubject(id: string, approval: PendingApproval | undefined): string {
  if (!approval) return `Payment ${id}`;
  const amount = approval.transaction.receivedAmount;
  const what = amount ? formatMinorUnits(amount.amount, amount.currency) : "A payment";
  return `${what} from ${senderNameOf(approval.counterpartyInformation, "an unknown sender")}`;
}

/** The part of a payment's id a person can tell two payments apart by: "c7c6e8a1" of "Transaction:c7c6e8a1-…". */
export function shortPaymentId(id: string): string {
  const tail = id.includes(":") ? id.slice(id.indexOf(":") + 1) : id;
  return tail.slice(0, 8);
}
