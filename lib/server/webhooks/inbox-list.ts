import "server-only";
import { and, eq, gte, ilike, lte, notIlike, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { queryDateTimeSchema } from "../../../shared/contract";
import type { Role } from "../../universal/auth/permissions";
import { COUNTERPARTY_KEY, seesEveryCategory } from "../../universal/privacy/fields";
import { asTransactionId } from "../../universal/transactions/transaction-id";
import { getConsoleDatabase } from "../db";
import { keysetPageWithCount } from "../db/count-up-to";
import { webhookEvents, webhookRejections } from "../db/schema";
import { currentEnvironment } from "../environments/current";
import { maskedFor, visibleCategories } from "../privacy/visibility";

/** The webhook inbox as GET /api/inbox lists it: verified events, or deliveries that failed verification. */
export const listInboxQuerySchema = z.strictObject({
  type: z
    .string()
    .regex(/^[A-Z][A-Z_]{0,49}$/, "Must be an event type such as INCOMING_PAYMENT")
    .optional(),
  // A bare UUID or another letter case, as pasted from a log, finds the payment's events too.
  transactionId: z.string().trim().min(1).max(300).transform(asTransactionId).optional(),
  from: queryDateTimeSchema.optional(),
  to: queryDateTimeSchema.optional(),
  unverified: z.enum(["true", "false"]).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, "Must be a cursor from a previous page")
    .optional(),
});
export type ListInboxQuery = z.infer<typeof listInboxQuerySchema>;

const escapeLike = (value: string) => value.replace(/[%_\\]/g, "\\$&");

async function verifiedEvents(query: ListInboxQuery) {
  const conditions: (SQL | undefined)[] = [
    // The inbox of the environment the person acts on.
    eq(webhookEvents.environment, currentEnvironment()),
    query.type ? eq(webhookEvents.type, query.type) : undefined,
    query.transactionId ? eq(webhookEvents.transactionId, query.transactionId) : undefined,
    query.from ? gte(webhookEvents.receivedAt, new Date(query.from)) : undefined,
    query.to ? lte(webhookEvents.receivedAt, new Date(query.to)) : undefined,
  ];
  const db = getConsoleDatabase();
  const result = await keysetPageWithCount(
    db,
    {
      table: webhookEvents,
      id: webhookEvents.id,
      where: and(...conditions),
      cursor: query.cursor,
      limit: query.limit,
    },
    (where, order, take) => db.select().from(webhookEvents).where(where).orderBy(order).limit(take),
  );
  return {
    ...result,
    data: result.data.map((row) => ({
      kind: "verified" as const,
      id: row.id,
      webhookId: row.webhookId,
      type: row.type,
      receivedAt: row.receivedAt.toISOString(),
      transactionId: row.transactionId,
      transactionStatus: row.transactionStatus,
      responseStatus: row.responseStatus,
      responseBody: row.responseBody,
      payload: row.payload,
      rawBody: row.rawBody,
    })),
  };
}

/** The key of a counterparty's information in a body: an excerpt that holds it may hold their personal data. */

// What failed verification was never parsed; its type and transaction are found in the stored excerpt of the body.
// For a reader who sees personal data masked, an excerpt naming a counterparty's information is never searched: a
// search is answered by its count, and would confirm a guess at what the excerpt holds.
async function rejectedDeliveries(query: ListInboxQuery, seesAll: boolean) {
  const conditions: (SQL | undefined)[] = [
    query.type ? sql`${webhookRejections.bodyExcerpt} ~ ${`"type"\\s*:\\s*"${query.type}"`}` : undefined,
    query.transactionId
      ? ilike(webhookRejections.bodyExcerpt, `%${escapeLike(query.transactionId)}%`)
      : undefined,
    query.transactionId && !seesAll
      ? notIlike(webhookRejections.bodyExcerpt, `%${COUNTERPARTY_KEY}%`)
      : undefined,
    query.from ? gte(webhookRejections.receivedAt, new Date(query.from)) : undefined,
    query.to ? lte(webhookRejections.receivedAt, new Date(query.to)) : undefined,
  ];
  const db = getConsoleDatabase();
  const result = await keysetPageWithCount(
    db,
    {
      table: webhookRejections,
      id: webhookRejections.id,
      where: and(...conditions),
      cursor: query.cursor,
      limit: query.limit,
    },
    (where, order, take) => db.select().from(webhookRejections).where(where).orderBy(order).limit(take),
  );
  return {
    ...result,
    data: result.data.map((row) => ({
      kind: "rejected" as const,
      id: row.id,
      receivedAt: row.receivedAt.toISOString(),
      reason: row.reason,
      type: /"type"\s*:\s*"([A-Z_]{1,50})"/.exec(row.bodyExcerpt)?.[1] ?? null,
      bodyExcerpt: row.bodyExcerpt,
      bodyBytes: row.bodyBytes,
    })),
  };
}

/** One page of the inbox, newest first: the verified events, or (`unverified=true`) the refused deliveries. */
function listInbox(query: ListInboxQuery, seesAll: boolean) {
  return query.unverified === "true" ? rejectedDeliveries(query, seesAll) : verifiedEvents(query);
}

/**
 * One page of the inbox as a person of `role` may see it (GET /api/inbox, and the webhooks page's first page): payloads
 * masked for the role, and an event whose payload was masked without its raw bytes, which hold the same personal data.
 * A refused delivery was never parsed, so its excerpt cannot be masked: one that names a counterparty's information
 * is withheld from a role that sees any personal data masked.
 */
export async function listInboxFor(role: Role, query: ListInboxQuery) {
  const visible = await visibleCategories(role);
  const seesAll = seesEveryCategory(visible);
  const inbox = await listInbox(query, seesAll);
  const masked = await maskedFor(role, inbox);
  const data = masked.data.map((row, index) => {
    if (row.kind === "verified") return row !== inbox.data[index] ? { ...row, rawBody: null } : row;
    return !seesAll && row.bodyExcerpt.includes(COUNTERPARTY_KEY)
      ? { ...row, bodyExcerpt: "", excerptWithheld: true }
      : row;
  });
  return { ...masked, data };
}
