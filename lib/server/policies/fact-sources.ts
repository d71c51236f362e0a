import "server-only";
import { sql } from "drizzle-orm";
import { ApiError } from "../../../shared/api-error";
import { type Customer, customerSchema } from "../../../shared/contract";
import type { FactSources, IncomingPayment, RecipientRecord } from "../../universal/policies/facts";
import { getConsoleDatabase } from "../db";
import { currentEnvironment } from "../environments/current";
import { readApi } from "../payment-api/read";

/** The recipient customer from the payment API (null when it does not know them). */
export async function readRecipient(customerId: string): Promise<Customer | null> {
  try {
    return await readApi(`/customers/${encodeURIComponent(customerId)}`, customerSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const recipientRecordOf = (customer: Customer): RecipientRecord => ({
  customerType: customer.customerType,
  kycStatus: customer.kycStatus,
  createdAt: customer.createdAt,
});

/**
 * Velocity from the console's own inbox (webhook_events): pending incoming payments of the same sender (its UMA
 * address) or recipient (customer id) received in the `hours` before `at`, each payment once, this one left out.
 */
async function velocityFromInbox(
  clause: {
    per: "sender" | "recipient";
    measure: "count" | "amount";
    currency?: string | undefined;
    hours: number;
  },
  payment: IncomingPayment,
  at: Date,
): Promise<number> {
  const key = clause.per === "sender" ? payment.senderAddress : payment.customerId;
  if (!key) return 0;
  const currency = clause.currency ?? payment.receiving?.currency ?? "";
  const from = new Date(at.getTime() - clause.hours * 60 * 60 * 1000);
  const match =
    clause.per === "sender"
      ? sql`lower(payload->'transaction'->'source'->>'umaAddress') = ${key}`
      : sql`payload->'transaction'->>'customerId' = ${key}`;
  const result = await getConsoleDatabase().execute<{ count: number; total: string }>(sql`
    SELECT count(*)::int AS count,
           coalesce(sum(CASE WHEN code = ${currency} THEN amount ELSE 0 END), 0)::text AS total
    FROM (
      SELECT DISTINCT ON (transaction_id) transaction_id,
             payload->'transaction'->'receivedAmount'->'currency'->>'code' AS code,
             CASE WHEN payload->'transaction'->'receivedAmount'->>'amount' ~ '^[0-9]{1,15}$'
                  THEN (payload->'transaction'->'receivedAmount'->>'amount')::bigint ELSE 0 END AS amount
      FROM webhook_events
      WHERE type = 'INCOMING_PAYMENT' AND transaction_status = 'PENDING' AND environment = ${currentEnvironment()}
        AND received_at >= ${from.toISOString()} AND received_at < ${at.toISOString()}
        AND transaction_id <> ${payment.transactionId} AND ${match}
    ) AS payments`);
  const row = result.rows[0];
  return clause.measure === "count" ? Number(row?.count ?? 0) : Number(row?.total ?? 0);
}

/** The facts' sources when a webhook arrives: the payment API for the recipient, the inbox for velocity. */
export function liveFactSources(cache = new Map<string, Promise<Customer | null>>()): FactSources & {
  customer(customerId: string): Promise<Customer | null>;
} {
  const customer = (customerId: string) => {
    let pending = cache.get(customerId);
    if (!pending) {
      pending = readRecipient(customerId);
      cache.set(customerId, pending);
    }
    return pending;
  };
  return {
    customer,
    recipient: async (customerId) => {
      const found = await customer(customerId);
      return found ? recipientRecordOf(found) : null;
    },
    velocity: velocityFromInbox,
  };
}
