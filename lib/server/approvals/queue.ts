import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import {
  type Transaction,
  transactionListSchema,
  transactionSchema,
  userInfoFieldRequirementSchema,
} from "../../../shared/contract";
import { bySoonestDeadline } from "../../universal/approvals/deadline";
import type {
  ApprovalQueue,
  ApprovalSummary,
  PendingApproval,
} from "../../universal/approvals/pending-approval";
import { filterQueue } from "../../universal/approvals/queue-filter";
import { QUEUE_PAGE_SIZE } from "../../universal/approvals/queue-page";
import { QUEUE_SORTS, sortQueue } from "../../universal/approvals/queue-sort";
import { needsTwoApproversFor } from "../../universal/approvals/thresholds-rule";
import { maskCounterparty, type PersonalDataCategory } from "../../universal/privacy/fields";
import { getConsoleDatabase } from "../db";
import { webhookEvents } from "../db/schema";
import { env } from "../env";
import { customerNamesOf } from "../names/customer-names";
import { readApi, walkPages } from "../payment-api/read";
import { latestEvaluationsOf } from "../policies/evaluations";
import { paymentsInThePoliciesHands } from "../policies/in-hand";
import { latestScreeningsOf } from "../screening/screen-subject";
import { arrivalThresholdsOf, firstApprovalsOf, listThresholds } from "./two-approvers";

const pendingWebhookSchema = z.looseObject({
  requestedReceiverCustomerInfoFields: z.array(userInfoFieldRequirementSchema).optional(),
  transaction: z
    .looseObject({ counterpartyInformation: z.record(z.string(), z.unknown()).optional() })
    .optional(),
});

/** GET /api/approvals's query: which page, narrowed how, in which order. */
export const approvalQueueQuerySchema = z.object({
  cursor: z.string().min(1).max(1_000).optional(),
  q: z.string().max(200).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  sort: z.enum(QUEUE_SORTS).default("deadline"),
  limit: z.coerce.number().int().min(1).max(100).default(QUEUE_PAGE_SIZE),
});
export type ApprovalQueueQuery = z.output<typeof approvalQueueQuerySchema>;

/** The payment API's pending incoming payments, oldest first: the order of their deadlines (see below). */
const PENDING = { type: "INCOMING", status: "PENDING", sortOrder: "asc" } as const;

/**
 * A page's cursor: the payment API's own (`a.…`) when the queue is read page by page from the API, or a position
 * (`n.50`) in the narrowed queue when a filter or another order had the whole queue read.
 */
const API_CURSOR = "a.";
const POSITION_CURSOR = "n.";

function invalidCursor(): ApiError {
  return new ApiError(
    400,
    "INVALID_INPUT",
    "The cursor is not valid here; pass nextCursor from the previous page.",
    {
      fields: [{ path: "cursor", message: "Invalid cursor" }],
    },
  );
}

/**
 * One page of the approval queue (GET /api/approvals). Unfiltered, in deadline order, it is one page of the payment
 * API's pending incoming payments, oldest first, with the API's count: the server reads no more than the page,
 * however many wait. The oldest is the soonest deadline: the API states each deadline as its arrival plus one
 * approval window (service/domain/incoming-payments.ts), so arrival order is deadline order; a payment the API holds
 * with no deadline comes after those with one on its page. Narrowed (words, currency) or in another order (amount,
 * sender), the queue is read whole from the API (100 at a time), narrowed and ordered as a whole, and only the asked
 * page is joined with the console's records and sent.
 */
export async function loadApprovalQueuePage(
  query: ApprovalQueueQuery,
  /** The categories of the sender's data the asker sees unmasked (visibleCategories of their role). */
  visible: readonly PersonalDataCategory[],
): Promise<ApprovalQueue> {
  const windowSeconds = env().PAYMENT_APPROVAL_WINDOW_SECONDS;
  const narrowed = Boolean(query.q?.trim()) || Boolean(query.currency) || query.sort !== "deadline";
  if (!narrowed) {
    if (query.cursor !== undefined && !query.cursor.startsWith(API_CURSOR)) throw invalidCursor();
    const filters = new URLSearchParams({ ...PENDING, limit: String(query.limit) });
    if (query.cursor) filters.set("cursor", query.cursor.slice(API_CURSOR.length));
    const page = await readApi(`/transactions?${filters}`, transactionListSchema);
    const people = await forPeople(page.data);
    const data = (await joinConsoleRecords(people)).sort(bySoonestDeadline);
    // The policies' payments on this page are not counted; those on other pages are, for the moment they are there.
    const totalCount =
      page.totalCount === undefined ? null : page.totalCount - (page.data.length - people.length);
    return {
      data,
      approvalWindowSeconds: windowSeconds,
      ...(page.hasMore && page.nextCursor ? { nextCursor: `${API_CURSOR}${page.nextCursor}` } : {}),
      totalCount,
      waiting: totalCount,
    };
  }
  let start = 0;
  if (query.cursor !== undefined) {
    const position = query.cursor.startsWith(POSITION_CURSOR)
      ? Number(query.cursor.slice(POSITION_CURSOR.length))
      : Number.NaN;
    if (!Number.isSafeInteger(position) || position < 0) throw invalidCursor();
    start = position;
  }
  const read: Transaction[] = [];
  for await (const page of walkPages("/transactions", new URLSearchParams(PENDING), transactionListSchema)) {
    read.push(...page.data);
  }
  const all = await forPeople(read);
  // Words may name our customer the payment is for, as the cards do: their names are read only for a search.
  const recipients = query.q?.trim()
    ? await customerNamesOf(new Set(all.map((transaction) => transaction.customerId)))
    : new Map<string, string>();
  const items = all.map((transaction) => ({
    transaction,
    recipientName: recipients.get(transaction.customerId),
    // Searched and ordered as the asker sees it: a field masked for their role is matched and sorted by its mask,
    // never its value, or the count of what matches would answer whether a guess at it (a birth date, a tax id
    // a digit at a time) is right.
    counterpartyInformation: maskCounterparty(transaction.counterpartyInformation ?? {}, visible).information,
    deadline: statedDeadline(transaction),
  }));
  const matching = sortQueue(
    filterQueue(items, { text: query.q ?? null, currency: query.currency ?? null }),
    query.sort,
  );
  const end = start + query.limit;
  const data = await joinConsoleRecords(matching.slice(start, end).map((item) => item.transaction));
  return {
    data,
    approvalWindowSeconds: windowSeconds,
    ...(end < matching.length ? { nextCursor: `${POSITION_CURSOR}${end}` } : {}),
    totalCount: matching.length,
    waiting: all.length,
  };
}

/**
 * One payment's entry in the approval queue (GET /api/approvals/:transactionId), wherever it stands in the queue:
 * the payment read from the API and joined with the console's records as a queue page's are, so its own page shows
 * the deadline, the two-person rule's state and what the sender asks, whatever page of the queue it is on. A
 * payment that is not an incoming one waiting for a decision has no entry (404).
 */
export async function loadApprovalQueueEntry(transactionId: string): Promise<PendingApproval> {
  return approvalQueueEntryOf(
    await readApi(`/transactions/${encodeURIComponent(transactionId)}`, transactionSchema),
  );
}

/** Whether a payment waits in the approval queue: a pending incoming one. */
export const waitsForDecision = (transaction: Transaction): boolean =>
  transaction.type === PENDING.type && transaction.status === PENDING.status;

/** The queue entry of a payment already read from the API (its unmasked answer); 404 when it waits for nothing. */
export async function approvalQueueEntryOf(transaction: Transaction): Promise<PendingApproval> {
  const [entry] = waitsForDecision(transaction) ? await joinConsoleRecords([transaction]) : [];
  if (!entry) {
    throw new ApiError(404, "NOT_IN_QUEUE", "This payment is not waiting for a decision.");
  }
  return entry;
}

/**
 * The pending payments that wait for people: without those the approval policies have in hand (deciding them, or
 * their approval or rejection on its way to the API), which the API lists as pending for that moment. If the
 * console's records cannot be read, every payment is shown: a payment hidden from people is the worse mistake.
 */
async function forPeople(transactions: Transaction[]): Promise<Transaction[]> {
  const inHand = await paymentsInThePoliciesHands(transactions.map((transaction) => transaction.id)).catch(
    () => new Set<string>(),
  );
  return inHand.size === 0 ? transactions : transactions.filter((transaction) => !inHand.has(transaction.id));
}

function statedDeadline(transaction: Transaction): string | null {
  const stated = transaction.approvalDeadline;
  return typeof stated === "string" && !Number.isNaN(Date.parse(stated)) ? stated : null;
}

/**
 * Pending payments from the API (the source of truth for their status), joined with what only their webhook
 * carried (the fields the sender asks about our recipient, the counterparty data) and the console's own records
 * of them (first approvals, policy evaluations, screenings). In the order given.
 */
async function joinConsoleRecords(transactions: Transaction[]): Promise<PendingApproval[]> {
  const ids = transactions.map((transaction) => transaction.id);
  if (ids.length === 0) return [];
  const events = await getConsoleDatabase()
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
    .orderBy(desc(webhookEvents.receivedAt));
  const [thresholds, firsts, evaluations, arrivals, screenings] = await Promise.all([
    listThresholds(),
    firstApprovalsOf(ids),
    latestEvaluationsOf(ids),
    arrivalThresholdsOf(ids),
    latestScreeningsOf("payment", ids),
  ]);
  return transactions.map((transaction): PendingApproval => {
    const event = events.find((row) => row.transactionId === transaction.id);
    const parsed = pendingWebhookSchema.safeParse(event?.payload ?? {});
    const fromWebhook = parsed.success ? parsed.data : {};
    return {
      transaction,
      counterpartyInformation:
        transaction.counterpartyInformation ?? fromWebhook.transaction?.counterpartyInformation ?? {},
      requestedReceiverCustomerInfoFields: fromWebhook.requestedReceiverCustomerInfoFields ?? [],
      deadline: statedDeadline(transaction),
      ...(event ? { receivedAt: event.receivedAt.toISOString() } : {}),
      twoApprovers: twoApproversOf(transaction, thresholds, arrivals.get(transaction.id) ?? null, firsts),
      ...(evaluations.has(transaction.id) ? { policy: evaluations.get(transaction.id) } : {}),
      ...(screenings.has(transaction.id) ? { screening: screenings.get(transaction.id) } : {}),
    };
  });
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
 * deadlines: the queue's first page, of three, so both say the same; the browser gets a few kB, not the queue.
 */
export async function loadApprovalSummary(): Promise<ApprovalSummary> {
  // Nothing narrows or orders it by the sender's data: no category needs to be visible.
  const { data, waiting } = await loadApprovalQueuePage(
    approvalQueueQuerySchema.parse({ limit: SUMMARY_SOONEST }),
    [],
  );
  return { waiting, soonest: data };
}
