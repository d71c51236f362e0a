import { toStorable } from "../text/storable";

export interface ParsedWebhook {
  webhookId: string;
  type: string;
  transactionId?: string;
  transactionStatus?: string;
  failureReason?: string;
  isPendingIncomingPayment: boolean;
  payload: Record<string, unknown>;
}

/**
 * Reads the fields the console needs from a verified body; null when it is not a webhook envelope at all. The
 * payload is made storable (lib/universal/text/storable.ts): a signed event whose strings hold NUL or a lone surrogate is
 * still stored, once, instead of failing its insert at every one of the API's retries.
 */
export function parseWebhook(rawBody: string): ParsedWebhook | null {
  let payload: unknown;
  try {
    payload = toStorable(JSON.parse(rawBody));
  } catch {
    return null;
  }
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return null;
  const record = payload as Record<string, unknown>;
  if (typeof record.webhookId !== "string" || typeof record.type !== "string") return null;
  const transaction =
    record.transaction && typeof record.transaction === "object"
      ? (record.transaction as Record<string, unknown>)
      : undefined;
  const transactionId = typeof transaction?.id === "string" ? transaction.id : undefined;
  const transactionStatus = typeof transaction?.status === "string" ? transaction.status : undefined;
  return {
    webhookId: record.webhookId.slice(0, 200),
    type: record.type.slice(0, 100),
    transactionId,
    transactionStatus,
    failureReason: typeof transaction?.failureReason === "string" ? transaction.failureReason : undefined,
    isPendingIncomingPayment: record.type === "INCOMING_PAYMENT" && transactionStatus === "PENDING",
    payload: record,
  };
}
