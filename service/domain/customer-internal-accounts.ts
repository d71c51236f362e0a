import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type {
  ListCustomerInternalAccountsQuery,
  ListPlatformInternalAccountsQuery,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import { internalAccounts } from "../db/schema";
import { presentInternalAccount } from "./accounts";
import { getOrCreateConfig } from "./config";
import { afterCursor, countUpTo, decodeCursor, orderByKeyset, toPage } from "./pagination";

/** GET /customers/internal-accounts: customers' accounts only, newest first. */
export async function listCustomerInternalAccounts(
  context: ServiceContext,
  query: ListCustomerInternalAccountsQuery,
) {
  const where = and(
    query.customerId === undefined
      ? isNotNull(internalAccounts.customerId)
      : eq(internalAccounts.customerId, query.customerId),
    query.currency === undefined ? undefined : eq(internalAccounts.currencyCode, query.currency),
  );
  const cursor = decodeCursor(query.cursor, "InternalAccount:");
  const [rows, counted] = await Promise.all([
    context.db
      .select()
      .from(internalAccounts)
      .where(and(where, afterCursor(internalAccounts.createdAt, internalAccounts.id, cursor)))
      .orderBy(...orderByKeyset(internalAccounts.createdAt, internalAccounts.id))
      .limit(query.limit + 1),
    countUpTo(
      context.db,
      internalAccounts,
      where,
      orderByKeyset(internalAccounts.createdAt, internalAccounts.id),
    ),
  ]);
  return toPage(rows, query.limit, presentInternalAccount, counted);
}

/** GET /platform/internal-accounts: one account per currency at most, so the spec gives it no pagination. */
export async function listPlatformInternalAccounts(
  context: ServiceContext,
  query: ListPlatformInternalAccountsQuery,
) {
  // The platform's accounts are opened with its configuration; an unconfigured platform gets its defaults here.
  await getOrCreateConfig(context);
  const rows = await context.db
    .select()
    .from(internalAccounts)
    .where(
      and(
        isNull(internalAccounts.customerId),
        query.currency === undefined ? undefined : eq(internalAccounts.currencyCode, query.currency),
      ),
    )
    .orderBy(asc(internalAccounts.currencyCode));
  return { data: rows.map(presentInternalAccount) };
}
