import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import {
  type Transaction,
  transactionListSchema,
  userInfoFieldRequirementSchema,
} from "../../../shared/contract";
import { bySoonestDeadline } from "../../universal/approvals/deadline";
import type { ApprovalSummary, PendingApproval } from "../../universal/approvals/pending-approval";
import { needsTwoApproversFor } from "../../universal/approvals/thresholds-rule";
import { getConsoleDatabase } from "../db";
import { webhookEvents } from "../db/schema";
import { env } from "../env";
import { walkPages } from "../payment-api/read";
import { latestEvaluationsOf } from "../policies/evaluations";
import { latestScreeningsOf } from "../screening/screen-subject";
import { arrivalThresholdsOf, firstApprovalsOf, listThresholds } from "./two-approvers";

const MAX_PENDING = 500;

const pendingWebhookSchema = z.looseObject({
  requestedReceiverCustomerInfoFields: z.array(userInfoFieldRequirementSchema).optional(),
  transaction: z
    .looseObject({ counterpartyInformation: z.record(z.string(), z.unknown()).optional() })
    .optional(),
});

async function fetchPendingTransactions(): Promise<Transaction[]> {
  const out: Transaction[] = [];
  const filters = new URLSearchParams({ type: "INCOMING", status: "PENDING", sortOrder: "asc" });
  for await (const page of walkPages("/transactions", filters, transactionListSchema, {
    maxItems: MAX_PENDING,
  })) {
    out.push(...page.data);
  }
  return out;
}

/**
 * The approval queue: pending incoming payments from the API (the source of truth for their status), joined
 * with what only their webhook carried (the fields the sender asks about our recipient, the counterparty data).
 */
export async function loadApprovalQueue(): Promise<{
  data: PendingApproval[];
  approvalWindowSeconds: number;
}> {
  const transactions = await fetchPendingTransactions();
  const ids = transactions.map((transaction) => transaction.id);
  const events = ids.length
    ? await getConsoleDatabase()
        .select({
          transactionId: webhookEvents.transactionId,
          payload: webhookEvents.payload,
          receivedAt: webhookEvents.receivedAt,
        })
        .from(webhookEvents)
        .where(
          and(
            inArray(webhookEvents.transactionId, ids),
            eq(webhookEvents.type, "INCOMING_PAYMENT"),
            eq(webhookEvents.transactionStatus, "PENDING"),
          ),
        )
        .orderBy(desc(webhookEvents.receivedAt))
    : [];
  const [thresholds, firsts, evaluations, arrivals, screenings] = await Promise.all([
    listThresholds(),
    firstApprovalsOf(ids),
    latestEvaluationsOf(ids),
    arrivalThresholdsOf(ids),
    latestScreeningsOf("payment", ids),
  ]);
  const windowSeconds = env().PAYMENT_APPROVAL_WINDOW_SECONDS;
  const data = transactions.map((transaction): PendingApproval => {
    const event = events.find((row) => row.transactionId === transaction.id);
    const parsed = pendingWebhookSchema.safeParse(event?.payload ?? {});
    const fromWebhook = parsed.success ? parsed.data : {};
    const stated = transaction.approvalDeadline;
    return {
      transaction,
      counterpartyInformation:
        transaction.counterpartyInformation ?? fromWebhook.transaction?.counterpartyInformation ?? {},
      requestedReceiverCustomerInfoFields: fromWebhook.requestedReceiverCustomerInfoFields ?? [],
      deadline: typeof stated === "string" && !Number.isNaN(Date.parse(stated)) ? stated : null,
      ...(event ? { receivedAt: event.receivedAt.toISOString() } : {}),
      twoApprovers: twoApproversOf(transaction, thresholds, arrivals.get(transaction.id) ?? null, firsts),
      ...(evaluations.has(transaction.id) ? { policy: evaluations.get(transaction.id) } : {}),
      ...(screenings.has(transaction.id) ? { screening: screenings.get(transaction.id) } : {}),
    };
  });
  return { data: data.sort(bySoonestDeadline), approvalWindowSeconds: windowSeconds };
}

function twoApproversOf(
  transaction: Transaction,
  thresholds: Awaited<ReturnType<typeof listThresholds>>,
  atArrival: Awaited<ReturnType<typeof listThresholds>> | null,
  firsts: Awaited<ReturnType<typeof firstApprovalsOf>>,
): PendingApproval["twoApprovers"] {
  const first = firsts.find((row) => row.transactionId === transaction.id);
  const amount = transaction.receivedAmount;
  // The same rule the approval is judged by (lib/server/relay/steps/second-approver.ts): the stricter of arrival's and today's.
  const required =
    first !== undefined ||
    (amount ? needsTwoApproversFor(atArrival, thresholds, amount.currency.code, amount.amount) : false);
  return first
    ? {
        required,
        firstBy: { id: first.approverId, email: first.approverEmail, name: first.approverName },
        firstAt: first.approvedAt.toISOString(),
      }
    : { required, firstBy: null };
}

/** How many of the soonest payments the overview names. */
const SUMMARY_SOONEST = 3;

/**
 * The queue as the overview shows it (GET /api/approvals/summary): how many wait and the few with the soonest
 * deadlines. Built from the same queue, so both say the same; the browser gets a few kB, not the whole queue.
 */
export async function loadApprovalSummary(): Promise<ApprovalSummary> {
  const { data } = await loadApprovalQueue();
  // The queue comes soonest deadline first.
  return { waiting: data.length, soonest: data.slice(0, SUMMARY_SOONEST) };
}
