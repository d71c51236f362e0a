import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { type Transaction, transactionListSchema, userInfoFieldRequirementSchema } from "../contract";
import { getConsoleDatabase } from "../db";
import { webhookEvents } from "../db/schema";
import { env } from "../env";
import { ConsoleError } from "../http/errors";
import { paymentApiFetch } from "../proxy/upstream";

const MAX_PENDING = 500;

const pendingWebhookSchema = z.looseObject({
  requestedReceiverCustomerInfoFields: z.array(userInfoFieldRequirementSchema).optional(),
  transaction: z
    .looseObject({ counterpartyInformation: z.record(z.string(), z.unknown()).optional() })
    .optional(),
});

export interface PendingApproval {
  transaction: Transaction;
  counterpartyInformation: Record<string, unknown>;
  requestedReceiverCustomerInfoFields: { name: string; mandatory: boolean }[];
  /** When the approval window closes (the payment then fails with PAYMENT_APPROVAL_TIMED_OUT). */
  deadline: string;
  receivedAt?: string;
}

async function fetchPendingTransactions(): Promise<Transaction[]> {
  const out: Transaction[] = [];
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({
      type: "INCOMING",
      status: "PENDING",
      limit: "100",
      sortOrder: "asc",
    });
    if (cursor) query.set("cursor", cursor);
    const response = await paymentApiFetch(`/transactions?${query}`, {
      method: "GET",
      headers: new Headers(),
      local: false,
      timeoutMs: env().PAYMENT_API_TIMEOUT_MS,
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = body as { status?: number; code?: string; message?: string } | null;
      throw new ConsoleError(
        response.status,
        error?.code ?? "UPSTREAM_ERROR",
        error?.message ?? "The payment API refused the request.",
      );
    }
    const page = transactionListSchema.safeParse(body);
    if (!page.success)
      throw new ConsoleError(502, "UNEXPECTED_RESPONSE", "The payment API answered in an unexpected shape.");
    out.push(...page.data.data);
    cursor = page.data.hasMore ? page.data.nextCursor : undefined;
  } while (cursor && out.length < MAX_PENDING);
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
  const windowSeconds = env().PAYMENT_APPROVAL_WINDOW_SECONDS;
  const data = transactions.map((transaction) => {
    const event = events.find((row) => row.transactionId === transaction.id);
    const parsed = pendingWebhookSchema.safeParse(event?.payload ?? {});
    const fromWebhook = parsed.success ? parsed.data : {};
    const createdAt = transaction.createdAt ? Date.parse(transaction.createdAt) : Date.now();
    return {
      transaction,
      counterpartyInformation:
        transaction.counterpartyInformation ?? fromWebhook.transaction?.counterpartyInformation ?? {},
      requestedReceiverCustomerInfoFields: fromWebhook.requestedReceiverCustomerInfoFields ?? [],
      deadline: new Date(createdAt + windowSeconds * 1000).toISOString(),
      ...(event ? { receivedAt: event.receivedAt.toISOString() } : {}),
    };
  });
  return { data, approvalWindowSeconds: windowSeconds };
}
