import type { Transaction } from "../../../shared/contract";
import { describeEvaluation, type PolicyEvaluationView } from "../policies/evaluation-view";
import { reasonSentence } from "../privacy/reason-withheld";

/** One webhook the console received about a transaction, as the events endpoint returns it. */
export interface TransactionEvent {
  webhookId: string;
  type: string;
  transactionStatus: string | null;
  failureReason: string | null;
  receivedAt: string;
  /** When the status changed at the API (the transaction's updatedAt in the webhook), else when it was received. */
  occurredAt: string;
  /** How the console answered the delivery (202 held a pending payment for people to decide). */
  responseStatus: number;
}

/**
 * A person's decision on a held incoming payment, made in this console and read from its audit log (only decisions
 * the payment API accepted). Its time is on the console's clock, not the platform's.
 */
export interface TransactionDecisionRecord {
  decision: "approved" | "rejected";
  at: string;
  /** Who decided: their name on the team (as it is now) and the email they had when they decided. */
  by: { name: string | null; email: string | null };
  /** The reason a rejection gave. */
  reason?: string | undefined;
  /** Under the two-person rule: "1 of 2" (recorded, not sent) or "2 of 2" (sent). */
  approvalStep?: string | undefined;
}

export interface TimelineEntry {
  key: string;
  at: string;
  /**
   * A transaction status (`CREATED` also for the record's creation time); for a person's decision, the status it
   * was given in (`PENDING`).
   */
  status: string;
  title: string;
  detail?: string;
  /**
   * Where the step is known from: a webhook the console received, the API's record itself, or the console's own
   * audit log (a person's decision; its time is on the console's clock) or stored policy evaluations.
   */
  source: "webhook" | "record" | "console";
  /** How the step reads when it is not its status's usual tone: an approval is good news, a rejection bad. */
  tone?: "success" | "danger" | "warning";
}

const TITLES: Record<string, string> = {
  CREATED: "Created",
  PENDING: "Pending",
  PROCESSING: "Processing",
  COMPLETED: "Completed",
  REJECTED: "Rejected",
  FAILED: "Failed",
  REFUNDED: "Refunded",
  EXPIRED: "Expired",
};

function title(status: string): string {
  return TITLES[status] ?? status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, " ");
}

function webhookDetail(event: TransactionEvent): string {
  const held = event.type === "INCOMING_PAYMENT" && event.transactionStatus === "PENDING";
  if (held && event.responseStatus === 202) return "Webhook received; held for a person to approve or reject";
  if (held && event.responseStatus === 200) return "Webhook received; approved automatically";
  if (held && event.responseStatus === 403) return "Webhook received; rejected automatically";
  return `${event.type === "INCOMING_PAYMENT" ? "Incoming" : "Outgoing"} payment webhook received`;
}

// Where two changes carry the same time (the API can move a payment through several statuses at once), the
// lifecycle's order decides.
const RANK: Record<string, number> = { CREATED: 0, PENDING: 1, PROCESSING: 2 };
const rank = (status: string) => RANK[status] ?? 3;

function personOf(by: TransactionDecisionRecord["by"]): string {
  return by.name ?? by.email ?? "someone no longer on the team";
}

function policyEntry(view: PolicyEvaluationView, index: number): TimelineEntry {
  const { title, detail } = describeEvaluation(view);
  return {
    key: `policy-${index}`,
    at: view.evaluatedAt,
    status: "PENDING",
    title,
    detail,
    source: "console",
    tone: view.decision === "approve" ? "success" : view.decision === "reject" ? "danger" : "warning",
  };
}

function decisionEntry(record: TransactionDecisionRecord, index: number): TimelineEntry {
  const approved = record.decision === "approved";
  return {
    key: `decision-${index}`,
    at: record.at,
    status: "PENDING",
    title:
      approved && record.approvalStep === "1 of 2"
        ? `First of two approvals by ${personOf(record.by)}`
        : approved && record.approvalStep === "2 of 2"
          ? `Approved (second of two) by ${personOf(record.by)}`
          : `${approved ? "Approved" : "Rejected"} by ${personOf(record.by)}`,
    // The title says who decided, once, by name; a rejection's reason under it (or that it is withheld from a role
    // that sees the sender masked, lib/universal/privacy/reason-withheld.ts).
    ...(!approved && record.reason ? { detail: reasonSentence(record.reason) } : {}),
    source: "console",
    ...(record.approvalStep === "1 of 2"
      ? {}
      : { tone: approved ? ("success" as const) : ("danger" as const) }),
  };
}

// A held payment that reached one of these left PENDING by an approval (REJECTED: by a rejection).
const APPROVED_STATUSES = new Set(["PROCESSING", "COMPLETED", "REFUNDED"]);

/**
 * A held payment decided with an API credential directly (issue 46 item 3): it waited for the console (its webhook
 * answered 202, held for a person; or 409, when it was decided at the API while the console was still deciding it), it
 * left PENDING by a decision, and neither the console's audit log (a person's final decision) nor a policy's
 * evaluation decided it. Shown so it is not invisible; null otherwise.
 */
function outsideDecisionEntry(
  transaction: Transaction,
  events: readonly TransactionEvent[],
  decisions: readonly TransactionDecisionRecord[],
  evaluations: readonly PolicyEvaluationView[],
): TimelineEntry | null {
  const held = events.some(
    (event) =>
      event.type === "INCOMING_PAYMENT" &&
      event.transactionStatus === "PENDING" &&
      (event.responseStatus === 202 || event.responseStatus === 409),
  );
  if (!held) return null;
  const decision =
    transaction.status === "REJECTED"
      ? "Rejected"
      : APPROVED_STATUSES.has(transaction.status)
        ? "Approved"
        : null;
  if (!decision) return null;
  const decidedHere = decisions.some(
    (record) => record.decision === "rejected" || record.approvalStep !== "1 of 2",
  );
  const decidedByPolicy = evaluations.some((view) => view.decision !== "hold");
  if (decidedHere || decidedByPolicy) return null;
  return {
    key: "outside-decision",
    at: transaction.updatedAt ?? transaction.createdAt ?? "",
    status: "PENDING",
    title: `${decision} at the API, not through this console`,
    detail:
      "The console's audit log holds no decision on this payment, which waited for one: it was decided with an API credential directly, outside the console's approval rules and its audit.",
    source: "record",
    tone: "warning",
  };
}

/**
 * The status history of a transaction: its creation from the record, each status a webhook reported once (in the
 * order the changes happened, not the order the deliveries arrived: retries and parallel deliveries reorder
 * them), a refund from the record, and the current status when no webhook has reported it yet, so the history
 * always ends where the API says the payment is now. A person's decision on a held payment comes right after its
 * Pending step: its time is on the console's clock, which a moved sandbox clock leaves behind the platform's, so
 * it is placed by what it did, not sorted by time. The sender's screening and the approval policies' evaluations come
 * first among them: they answered the webhook itself.
 */
export function buildTimeline(
  transaction: Transaction,
  events: readonly TransactionEvent[],
  decisions: readonly TransactionDecisionRecord[] = [],
  evaluations: readonly PolicyEvaluationView[] = [],
  screening: { screened: readonly TimelineEntry[]; decided: readonly TimelineEntry[] } = {
    screened: [],
    decided: [],
  },
): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  if (transaction.createdAt) {
    entries.push({
      key: "created",
      at: transaction.createdAt,
      status: "CREATED",
      title: "Created",
      source: "record",
    });
  }
  const ordered = [...events].sort(
    (a, b) =>
      (Date.parse(a.occurredAt) || 0) - (Date.parse(b.occurredAt) || 0) ||
      rank(a.transactionStatus ?? "") - rank(b.transactionStatus ?? ""),
  );
  const reported = new Set<string>();
  for (const event of ordered) {
    if (!event.transactionStatus || reported.has(event.transactionStatus)) continue;
    reported.add(event.transactionStatus);
    entries.push({
      key: event.webhookId,
      at: event.occurredAt,
      status: event.transactionStatus,
      title: title(event.transactionStatus),
      detail: event.failureReason ? `${webhookDetail(event)} · ${event.failureReason}` : webhookDetail(event),
      source: "webhook",
    });
  }
  if (transaction.refund) {
    entries.push({
      key: "refund",
      at: transaction.refund.initiatedAt,
      status: "REFUNDED",
      title: "Refund initiated",
      detail: `Reference ${transaction.refund.reference}`,
      source: "record",
    });
  }
  if (!reported.has(transaction.status) && !(transaction.status === "REFUNDED" && transaction.refund)) {
    entries.push({
      key: "current",
      at:
        (transaction.status === "COMPLETED" ? transaction.settledAt : undefined) ??
        transaction.updatedAt ??
        transaction.createdAt ??
        "",
      status: transaction.status,
      title: title(transaction.status),
      detail: "Current status from the payment API; no webhook has reported it to this console",
      source: "record",
    });
  }
  const timeline = entries.sort(
    (a, b) => (Date.parse(a.at) || 0) - (Date.parse(b.at) || 0) || rank(a.status) - rank(b.status),
  );
  // Decisions come oldest first (the events endpoint reads them in that order), after Pending, else after Created.
  const pending = timeline.findLastIndex((entry) => entry.status === "PENDING");
  const after = pending >= 0 ? pending + 1 : Math.min(1, timeline.length);
  // The policies' evaluation answered the webhook, before any person could decide.
  const outside = outsideDecisionEntry(transaction, events, decisions, evaluations);
  // Screening ran before the policies (a gate they cannot pass); compliance's decisions on its hits come before the
  // people's decisions on the payment they cleared the way for.
  return [
    ...timeline.slice(0, after),
    ...screening.screened,
    ...evaluations.map(policyEntry),
    ...screening.decided,
    ...decisions.map(decisionEntry),
    ...(outside ? [outside] : []),
    ...timeline.slice(after),
  ];
}
