import { and, eq, gt, gte, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import {
  type CreateQuoteBody,
  findSandboxSender,
  isRealTimeFundingSource,
  type ListQuotesQuery,
  REALTIME_FUNDING_SOURCE_TYPE,
  type RetryQuoteBody,
  sandboxAccountOutcome,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import type { ServiceDatabase } from "../db/client";
import { internalAccounts, quotes, transactions } from "../db/schema";
import { ApiError } from "../errors";
import type { Executor } from "../webhooks/enqueue";
import { receivingBankAccount } from "./accounts";
import { getOrCreateConfig } from "./config";
import { requireCustomerInfoFor } from "./customer-requirements";
import { bankFailureReason } from "./failure-reasons";
import { newId, newReference } from "./ids";
import { type LedgerLeg, lockInternalAccounts, moveMoney, type Transaction } from "./ledger";
import { afterCursor, countUpTo, decodeCursor, orderByKeyset, toPage } from "./pagination";
import {
  currencyObject,
  deletedOwnerOf,
  externalAccountIdentifier,
  findLiveCustomer,
  formatMinor,
  ownerOf,
  type Reader,
  requireDirection,
  requireExternalAccount,
  requireInternalAccount,
  requireLiveCustomer,
  requireReady,
  requireSupportedCurrency,
  requireWithinBounds,
} from "./payment-accounts";
import { computeQuoteAmounts, isQuotableCurrency } from "./rates";
import { requireLookup } from "./receiver-lookup";
import {
  announceTransaction,
  findTransaction,
  insertTransaction,
  type NewTransactionRow,
  outgoingPaymentInstructions,
  presentTransaction,
  reverseMovements,
  scheduleStep,
  type TransactionRow,
  transition,
  UMA_ENDPOINT_TYPE,
} from "./transactions";

export type QuoteRow = typeof quotes.$inferSelect;

/** How long a bank keeps a payout to a `005`/`009` account pending before it fails (api-notes §4). */
export const SANDBOX_PENDING_BANK_SECONDS = 30;

/** The sandbox bank that receives a quote's funds when its source is an external account (just-in-time funding). */
const SANDBOX_COLLECTION_ACCOUNT = {
  accountNumber: "000987654321",
  routingNumber: "021000021",
  accountCategory: "CHECKING",
  bankName: "Sandbox Bank N.A.",
};

const expired = (quote: Pick<QuoteRow, "status" | "expiresAt">, now: Date) =>
  quote.status === "EXPIRED" || (quote.status === "PENDING" && quote.expiresAt.getTime() <= now.getTime());

function presentQuote(row: QuoteRow, now: Date) {
  // A UMA lookup's quote shows the address (even when it lands in an own customer's account); a lookup of an
  // external account (GET /receiver/external-account) pays that account.
  const toUma = row.lookupId !== null && !row.destinationAccountId?.startsWith("ExternalAccount:");
  return {
    quoteId: row.id,
    status: expired(row, now) ? "EXPIRED" : row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    source: row.realTimeFunding
      ? {
          sourceType: REALTIME_FUNDING_SOURCE_TYPE,
          ...(row.customerId ? { customerId: row.customerId } : {}),
          currency: row.sendingCurrency,
        }
      : {
          sourceType: "ACCOUNT",
          accountId: row.sourceAccountId,
          ...(row.customerId ? { customerId: row.customerId } : {}),
          currency: row.sendingCurrency,
        },
    destination: toUma
      ? {
          destinationType: UMA_ENDPOINT_TYPE,
          umaAddress: row.destinationUmaAddress ?? "",
          currency: row.receivingCurrency,
        }
      : {
          destinationType: "ACCOUNT",
          accountId: row.destinationAccountId ?? "",
          currency: row.receivingCurrency,
        },
    sendingCurrency: currencyObject(row.sendingCurrency),
    receivingCurrency: currencyObject(row.receivingCurrency),
    totalSendingAmount: row.totalSendingAmount,
    totalReceivingAmount: row.totalReceivingAmount,
    exchangeRate: Number(row.exchangeRate),
    feesIncluded: row.feesIncluded,
    transactionId: row.transactionId,
    ...(row.paymentInstructions ? { paymentInstructions: row.paymentInstructions } : {}),
    ...(row.originalQuoteId ? { originalQuoteId: row.originalQuoteId } : {}),
    rateDetails: row.rateDetails,
    ...(row.description ? { description: row.description } : {}),
    ...(row.lookupId ? { lookupId: row.lookupId } : {}),
  };
}

/**
 * Persists the PENDING → EXPIRED transition of every quote whose expiresAt has passed. A real-time funded quote's
 * payment, which its instructions may have been handed out for, is recorded EXPIRED and announced in the same
 * transaction, exactly once (the conditional UPDATE gives each quote to one caller).
 */
export async function expireDueQuotes(db: ServiceDatabase, now: Date, quoteId?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const expiredNow = await tx
      .update(quotes)
      .set({ status: "EXPIRED", updatedAt: now })
      .where(
        and(
          eq(quotes.status, "PENDING"),
          lte(quotes.expiresAt, now),
          quoteId ? eq(quotes.id, quoteId) : undefined,
        ),
      )
      .returning();
    for (const quote of expiredNow) {
      if (quote.realTimeFunding) await recordRealTimePayment(tx, quote, "EXPIRED", now);
    }
  });
}

/**
 * Expires a real-time funded quote when its expiresAt comes (the quote_expiry job), so that its EXPIRED payment is
 * announced then, not at the next read. The queue runs on real time, which the service clock only moves ahead of.
 */
async function scheduleQuoteExpiry(executor: Executor, quote: QuoteRow, now: Date): Promise<void> {
  const delaySeconds = Math.max(0, (quote.expiresAt.getTime() - now.getTime()) / 1000);
  await executor.execute(
    sql`select graphile_worker.add_job('quote_expiry', json_build_object('quoteId', ${quote.id}::text),
          run_at => now() + make_interval(secs => ${delaySeconds}), max_attempts => 5)`,
  );
}

/** The quote_expiry job: expires the quote if it is due; one the queue's clock reached early is looked at again. */
export async function expireQuoteWhenDue(context: ServiceContext, quoteId: string): Promise<void> {
  const now = context.clock.now();
  await expireDueQuotes(context.db, now, quoteId);
  const [quote] = await context.db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (quote?.status === "PENDING") await scheduleQuoteExpiry(context.db, quote, now);
}

export async function requireQuote(db: Reader, id: string): Promise<QuoteRow> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!row) throw new ApiError(404, "QUOTE_NOT_FOUND", `No quote has the id ${id}.`);
  return row;
}

export async function getQuote(context: ServiceContext, id: string) {
  const now = context.clock.now();
  await expireDueQuotes(context.db, now, id);
  return presentQuote(await requireQuote(context.db, id), now);
}

export async function listQuotes(context: ServiceContext, query: ListQuotesQuery) {
  const now = context.clock.now();
  const cursor = decodeCursor(query.cursor, "Quote:");
  await expireDueQuotes(context.db, now);
  const q = quotes;
  let statusFilter: SQL | undefined;
  if (query.status === "PENDING") statusFilter = and(eq(q.status, "PENDING"), gt(q.expiresAt, now));
  else if (query.status === "EXPIRED")
    statusFilter = or(eq(q.status, "EXPIRED"), and(eq(q.status, "PENDING"), lte(q.expiresAt, now)));
  else if (query.status) statusFilter = eq(q.status, query.status);
  const where = and(
    query.customerId ? eq(q.customerId, query.customerId) : undefined,
    query.sendingAccountId ? eq(q.sourceAccountId, query.sendingAccountId) : undefined,
    query.receivingAccountId ? eq(q.destinationAccountId, query.receivingAccountId) : undefined,
    query.sendingUmaAddress ? eq(q.sendingUmaAddress, query.sendingUmaAddress) : undefined,
    query.receivingUmaAddress ? eq(q.destinationUmaAddress, query.receivingUmaAddress) : undefined,
    statusFilter,
    query.createdAfter ? gte(q.createdAt, new Date(query.createdAfter)) : undefined,
    query.createdBefore ? lte(q.createdAt, new Date(query.createdBefore)) : undefined,
  );
  const [rows, counted] = await Promise.all([
    context.db
      .select()
      .from(q)
      .where(and(where, afterCursor(q.createdAt, q.id, cursor)))
      .orderBy(...orderByKeyset(q.createdAt, q.id))
      .limit(query.limit + 1),
    countUpTo(context.db, q, where, orderByKeyset(q.createdAt, q.id)),
  ]);
  return toPage(rows, query.limit, (row) => presentQuote(row, now), counted);
}

interface ResolvedSource {
  accountId: string;
  currencyCode: string;
  customerId: string | null;
  external: boolean;
  /** Funded just in time: the money arrives by the quote's instructions and passes through `accountId`. */
  realTime: boolean;
}

function sourceCurrencyMismatch(expected: string, actual: string) {
  return new ApiError(400, "INVALID_CURRENCY", `The source account holds ${actual}, not ${expected}.`, {
    fields: [{ path: "source.currency", message: `The source account holds ${actual}` }],
  });
}

async function resolveSource(db: Reader, source: CreateQuoteBody["source"]): Promise<ResolvedSource> {
  if (isRealTimeFundingSource(source)) {
    // Real-time funding (api-notes §8): the sender is the customer, or the platform without one. The money passes
    // through the owner's internal account in the currency, which every customer and the platform hold.
    const currencyCode = source.currency ?? "";
    const customerId = source.customerId ?? null;
    if (customerId) await requireLiveCustomer(db, customerId);
    const [account] = await db
      .select({ id: internalAccounts.id })
      .from(internalAccounts)
      .where(
        and(
          customerId ? eq(internalAccounts.customerId, customerId) : isNull(internalAccounts.customerId),
          eq(internalAccounts.currencyCode, currencyCode),
        ),
      );
    if (!account) {
      throw new ApiError(
        400,
        "INVALID_CURRENCY",
        `${currencyCode} is not a currency this platform supports.`,
        {
          fields: [{ path: "source.currency", message: "Not a supported currency" }],
        },
      );
    }
    return { accountId: account.id, currencyCode, customerId, external: false, realTime: true };
  }
  const accountId = source.accountId ?? "";
  const account = accountId.startsWith("ExternalAccount:")
    ? await requireExternalAccount(db, accountId)
    : await requireInternalAccount(db, accountId);
  if (source.currency && source.currency !== account.currencyCode) {
    throw sourceCurrencyMismatch(source.currency, account.currencyCode);
  }
  return {
    accountId,
    currencyCode: account.currencyCode,
    customerId: account.customerId,
    external: accountId.startsWith("ExternalAccount:"),
    realTime: false,
  };
}

interface ResolvedDestination {
  accountId: string | null;
  umaAddress: string | null;
  lookupId: string | null;
  bounds: { min: number; max: number };
}

function destinationCurrencyMismatch(expected: string, actual: string) {
  return new ApiError(400, "INVALID_CURRENCY", `The destination account holds ${actual}, not ${expected}.`, {
    fields: [{ path: "destination.currency", message: `The destination account holds ${actual}` }],
  });
}

async function resolveDestination(
  context: ServiceContext,
  body: CreateQuoteBody,
  sender: { customerId: string | null; umaAddress: string | null },
): Promise<ResolvedDestination> {
  const config = await getOrCreateConfig(context);
  const currency = body.destination.currency;
  if (body.destination.accountId) {
    const accountId = body.destination.accountId;
    const account = accountId.startsWith("ExternalAccount:")
      ? await requireExternalAccount(context.db, accountId)
      : await requireInternalAccount(context.db, accountId);
    if (account.currencyCode !== currency) throw destinationCurrencyMismatch(currency, account.currencyCode);
    const entry = requireSupportedCurrency(config, currency);
    const receiver = account.customerId ? await findLiveCustomer(context.db, account.customerId) : undefined;
    if (account.customerId && !receiver) {
      throw new ApiError(
        410,
        "CUSTOMER_DELETED",
        `Customer ${account.customerId}, the account's owner, is deleted.`,
      );
    }
    if (receiver) {
      // A receiver who cannot move money (KYC not approved) could never take it out again.
      requireReady(receiver);
      requireCustomerInfoFor(config, receiver, [currency]);
    }
    const bounds = { min: entry.minAmount, max: entry.maxAmount };
    if (!body.lookupId)
      return { accountId, umaAddress: receiver?.umaAddress ?? null, lookupId: null, bounds };
    // An external account found by GET /receiver/external-account/{id}: the lookup must be of this account and
    // this sender.
    const lookup = await requireLookup(context.db, body.lookupId);
    if (lookup.row.receiverAccountId !== accountId) {
      throw new ApiError(400, "INVALID_INPUT", `Lookup ${body.lookupId} was made for another receiver.`, {
        fields: [
          {
            path: "lookupId",
            message: `Looked up ${lookup.row.receiverAccountId ?? lookup.row.receiverUmaAddress}`,
          },
        ],
      });
    }
    if ((lookup.row.senderCustomerId ?? null) !== sender.customerId) {
      throw new ApiError(400, "INVALID_INPUT", `Lookup ${body.lookupId} was made for another sender.`, {
        fields: [{ path: "lookupId", message: "Made for another sender" }],
      });
    }
    return {
      accountId,
      umaAddress: receiver?.umaAddress ?? null,
      lookupId: lookup.row.id,
      bounds: lookupBounds(lookup.result, currency) ?? bounds,
    };
  }

  const umaAddress = body.destination.umaAddress ?? "";
  if (!body.lookupId) {
    throw new ApiError(400, "INVALID_INPUT", "A UMA destination needs the lookupId of a receiver lookup.", {
      fields: [{ path: "lookupId", message: "Required for a UMA destination" }],
    });
  }
  const lookup = await requireLookup(context.db, body.lookupId);
  if (lookup.row.receiverUmaAddress !== umaAddress) {
    throw new ApiError(400, "INVALID_INPUT", `Lookup ${body.lookupId} was made for another receiver.`, {
      fields: [{ path: "lookupId", message: `Looked up ${lookup.row.receiverUmaAddress}` }],
    });
  }
  if (lookup.row.senderCustomerId && lookup.row.senderCustomerId !== sender.customerId) {
    throw new ApiError(400, "INVALID_INPUT", `Lookup ${body.lookupId} was made for another sender.`, {
      fields: [{ path: "lookupId", message: "Made for another sender" }],
    });
  }
  if (sender.umaAddress === umaAddress) {
    throw new ApiError(400, "SELF_PAYMENT", "The sender and the receiver are the same UMA address.");
  }
  const offered = lookup.result.supportedCurrencies.find((entry) => entry.currency.code === currency);
  if (!offered) {
    throw new ApiError(400, "INVALID_CURRENCY", `${umaAddress} does not receive ${currency}.`, {
      fields: [{ path: "destination.currency", message: "Not among the receiver's supported currencies" }],
    });
  }
  const info: Record<string, unknown> = body.senderCustomerInfo ?? {};
  const missing = (lookup.result.requiredPayerDataFields ?? []).filter(
    (field) => field.mandatory && (info[field.name] === undefined || info[field.name] === ""),
  );
  if (missing.length > 0) {
    throw new ApiError(
      400,
      "MISSING_MANDATORY_USER_INFO",
      `The receiver requires ${missing.map((f) => f.name).join(", ")} in senderCustomerInfo.`,
      {
        fields: missing.map((field) => ({ path: `senderCustomerInfo.${field.name}`, message: "Required" })),
      },
    );
  }
  // A UMA payment to one of the platform's own customers lands in that customer's internal account.
  let accountId: string | null = null;
  if (lookup.row.receiverCustomerId) {
    const receiver = await findLiveCustomer(context.db, lookup.row.receiverCustomerId);
    if (!receiver) {
      // The customer found by the lookup is deleted; the address may have a new holder, whom a new lookup finds.
      throw new ApiError(
        404,
        "UMA_NOT_FOUND",
        `${umaAddress} no longer receives as looked up (its receiver was deleted): look it up again.`,
      );
    }
    requireReady(receiver);
    requireCustomerInfoFor(config, receiver, [currency]);
    const [own] = await context.db
      .select({ id: internalAccounts.id })
      .from(internalAccounts)
      .where(
        and(
          eq(internalAccounts.customerId, lookup.row.receiverCustomerId),
          eq(internalAccounts.currencyCode, currency),
        ),
      );
    if (!own) throw new ApiError(400, "INVALID_CURRENCY", `${umaAddress} has no ${currency} account.`);
    accountId = own.id;
  }
  return { accountId, umaAddress, lookupId: lookup.row.id, bounds: { min: offered.min, max: offered.max } };
}

function lookupBounds(
  result: { supportedCurrencies: { currency: { code: string }; min: number; max: number }[] },
  currency: string,
) {
  const offered = result.supportedCurrencies.find((entry) => entry.currency.code === currency);
  return offered ? { min: offered.min, max: offered.max } : undefined;
}

function paymentInstructionsFor(source: ResolvedSource, totalSendingAmount: number) {
  if (source.realTime) return realTimeFundingInstructions(source.currencyCode, totalSendingAmount);
  if (!source.external) return null;
  return collectionInstructions(source.currencyCode, totalSendingAmount);
}

/**
 * What a real-time funded quote's sender pays into (api-notes §8): the sandbox bank's receiving account for the
 * currency, and a reference of its own that matches the money to the quote.
 */
function realTimeFundingInstructions(currencyCode: string, totalSendingAmount: number) {
  const reference = newReference("RTF");
  return [
    {
      reference,
      instructionsNotes: `Send exactly ${formatMinor(totalSendingAmount, currencyCode)} to this account with the reference ${reference} as the memo; the payment goes out when the money arrives.`,
      bankAccountInfo: receivingBankAccount(currencyCode),
    },
  ];
}

/** Where money that funds a quote from outside is sent: the sandbox's collection account for its currency. */
export function collectionInstructions(currencyCode: string, totalSendingAmount: number) {
  const reference = newReference("QTE");
  if (currencyCode === "USD") {
    return [{ accountType: "US_ACCOUNT", ...SANDBOX_COLLECTION_ACCOUNT, referenceCode: reference }];
  }
  return [
    {
      accountType: "SERVICE_WALLET",
      address: `sandbox-collection-${currencyCode.toLowerCase()}`,
      invoice: `lnsb${totalSendingAmount}${reference.toLowerCase().replace(/-/g, "")}`,
    },
  ];
}

/** POST /quotes: prices a payment and locks it until expiresAt; with immediatelyExecute it is paid at once. */
export async function createQuote(
  context: ServiceContext,
  body: CreateQuoteBody,
  options: { originalQuoteId?: string } = {},
) {
  const now = context.clock.now();
  const config = await getOrCreateConfig(context);
  const source = await resolveSource(context.db, body.source);
  const sender = source.customerId ? await requireLiveCustomer(context.db, source.customerId) : undefined;
  if (sender) requireReady(sender);
  // A real-time funded source and a UMA destination have no account: only two same accounts are one.
  if (body.source.accountId !== undefined && body.destination.accountId === body.source.accountId) {
    throw new ApiError(400, "SELF_PAYMENT", "The source and the destination are the same account.");
  }
  const sendingCurrency = source.currencyCode;
  const receivingCurrency = body.destination.currency;
  for (const code of [sendingCurrency, receivingCurrency]) {
    if (!isQuotableCurrency(code)) {
      throw new ApiError(400, "INVALID_CURRENCY", `The sandbox has no exchange rate for ${code}.`);
    }
  }
  const sendingEntry = requireSupportedCurrency(config, sendingCurrency);
  requireDirection(sendingEntry, "OUTGOING");
  if (sender) requireCustomerInfoFor(config, sender, [sendingCurrency]);
  const destination = await resolveDestination(context, body, {
    customerId: source.customerId,
    umaAddress: sender?.umaAddress ?? null,
  });
  if (destination.accountId === source.accountId) {
    throw new ApiError(400, "SELF_PAYMENT", "The source and the destination are the same account.");
  }
  const amounts = computeQuoteAmounts({
    sendingCurrency,
    receivingCurrency,
    lockedCurrencySide: body.lockedCurrencySide,
    lockedCurrencyAmount: body.lockedCurrencyAmount,
  });
  requireWithinBounds(
    amounts.totalSendingAmount,
    sendingCurrency,
    { min: sendingEntry.minAmount, max: sendingEntry.maxAmount },
    "total sending amount",
  );
  requireWithinBounds(
    amounts.totalReceivingAmount,
    receivingCurrency,
    destination.bounds,
    "total receiving amount",
  );

  const values = {
    id: newId("Quote"),
    status: "PENDING" as const,
    customerId: source.customerId,
    sourceAccountId: source.accountId,
    destinationAccountId: destination.accountId,
    destinationUmaAddress: destination.umaAddress,
    sendingUmaAddress: sender?.umaAddress ?? null,
    sendingCurrency,
    receivingCurrency,
    totalSendingAmount: amounts.totalSendingAmount,
    totalReceivingAmount: amounts.totalReceivingAmount,
    exchangeRate: amounts.exchangeRate,
    feesIncluded: amounts.feesIncluded,
    transactionId: newId("Transaction"),
    lookupId: destination.lookupId,
    description: body.description ?? null,
    senderCustomerInfo: destination.lookupId ? (body.senderCustomerInfo ?? null) : null,
    rateDetails: amounts.rateDetails,
    paymentInstructions: paymentInstructionsFor(source, amounts.totalSendingAmount),
    originalQuoteId: options.originalQuoteId ?? null,
    realTimeFunding: source.realTime,
    expiresAt: new Date(now.getTime() + context.config.quoteTtlSeconds * 1000),
    createdAt: now,
    updatedAt: now,
  };
  const row = await context.db.transaction(async (tx) => {
    if (options.originalQuoteId) await requireNotRetried(tx, options.originalQuoteId);
    const [inserted] = await tx.insert(quotes).values(values).returning();
    if (!inserted) throw new Error("quote was not recorded");
    if (!body.immediatelyExecute) {
      if (inserted.realTimeFunding) await scheduleQuoteExpiry(tx, inserted, now);
      return inserted;
    }
    const claimed = await claimQuote(tx, inserted.id, now);
    if (!claimed) throw new Error("a new quote could not be claimed");
    // Funded just in time, an executed quote waits for its money (sandbox send) before anything moves: its payment
    // is PENDING.
    if (claimed.realTimeFunding) {
      await recordRealTimePayment(tx, claimed, "PENDING", now);
      return claimed;
    }
    return (await runQuote(tx, claimed, now)).quote;
  });
  return presentQuote(row, now);
}

/**
 * A failed payment is retried once: its quote's row is locked, so two retries at once take turns and the second
 * finds the first's quote; a retry that failed too is retried in its turn (its own quote). Else each retry would
 * debit the sender again for the one failed payment.
 */
async function requireNotRetried(tx: Transaction, originalQuoteId: string): Promise<void> {
  await tx.select({ id: quotes.id }).from(quotes).where(eq(quotes.id, originalQuoteId)).for("update");
  const [retry] = await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(eq(quotes.originalQuoteId, originalQuoteId))
    .limit(1);
  if (retry) {
    throw new ApiError(
      400,
      "INVALID_INPUT",
      `Quote ${originalQuoteId}'s payment was retried already, by ${retry.id}; if that one failed too, retry it instead.`,
      { retriedBy: retry.id },
    );
  }
}

/** PENDING → PROCESSING only while unexpired; of concurrent callers exactly one gets the row. */
async function claimQuote(tx: Transaction, id: string, now: Date): Promise<QuoteRow | undefined> {
  const [row] = await tx
    .update(quotes)
    .set({ status: "PROCESSING", updatedAt: now })
    .where(and(eq(quotes.id, id), eq(quotes.status, "PENDING"), gt(quotes.expiresAt, now)))
    .returning();
  return row;
}

function conflictFor(quote: QuoteRow, now: Date): ApiError {
  if (expired(quote, now)) {
    return new ApiError(
      409,
      "QUOTE_EXPIRED",
      `Quote ${quote.id} expired at ${quote.expiresAt.toISOString()}.`,
    );
  }
  return new ApiError(409, "QUOTE_NOT_PENDING", `Quote ${quote.id} is ${quote.status}, not PENDING.`, {
    status: quote.status,
  });
}

/**
 * Claims a quote for payment inside `tx`, or throws the 404/409 that says why it cannot be paid. Callers persist
 * a due expiry first (expireDueQuotes), outside `tx`, which the error rolls back.
 */
export async function claimQuoteOrThrow(tx: Transaction, id: string, now: Date): Promise<QuoteRow> {
  const claimed = await claimQuote(tx, id, now);
  if (claimed) return claimed;
  throw conflictFor(await requireQuote(tx, id), now);
}

/** POST /quotes/{id}/execute. */
export async function executeQuote(context: ServiceContext, id: string) {
  const now = context.clock.now();
  await expireDueQuotes(context.db, now, id);
  const quote = await context.db.transaction(async (tx) => {
    const claimed = await claimQuoteOrThrow(tx, id, now);
    // A real-time funded quote, executed, waits (PROCESSING) for the money its instructions ask for; its payment is
    // PENDING meanwhile.
    if (claimed.realTimeFunding) {
      await recordRealTimePayment(tx, claimed, "PENDING", now);
      return claimed;
    }
    return (await runQuote(tx, claimed, now)).quote;
  });
  return presentQuote(quote, now);
}

/**
 * The money of a real-time funded quote arrives (sandbox send): claims the quote, PENDING and unexpired or
 * executed and waiting, exactly once. Otherwise throws the 409 that says why it cannot be funded.
 */
export async function claimFunding(tx: Transaction, id: string, now: Date): Promise<QuoteRow> {
  const [row] = await tx
    .update(quotes)
    .set({ status: "PROCESSING", fundedAt: now, updatedAt: now })
    .where(
      and(
        eq(quotes.id, id),
        eq(quotes.realTimeFunding, true),
        isNull(quotes.fundedAt),
        or(and(eq(quotes.status, "PENDING"), gt(quotes.expiresAt, now)), eq(quotes.status, "PROCESSING")),
      ),
    )
    .returning();
  if (row) return row;
  throw conflictFor(await requireQuote(tx, id), now);
}

type Outcome =
  | { kind: "COMPLETE" }
  | {
      kind: "FAIL";
      reason: NonNullable<TransactionRow["failureReason"]>;
      detail: string;
      /** Refused before any money moved (a deleted receiver), rather than sent and returned by a bank. */
      movesNothing?: true;
    }
  /** The bank keeps the payment pending and fails it later: the source's bank (no money pulled) or the destination's. */
  | { kind: "PENDING_THEN_FAIL"; side: "SOURCE" | "DESTINATION" };

const BANK_FAILURE_DETAILS = {
  INSUFFICIENT_FUNDS: "The receiving bank reported insufficient funds.",
  ACCOUNT_CLOSED: "The receiving bank reported the account closed.",
  REJECTED_BY_BANK: "The receiving bank rejected the payment.",
} as const;

const SOURCE_BANK_FAILURE_DETAILS = {
  INSUFFICIENT_FUNDS: "The source account's bank reported insufficient funds.",
  ACCOUNT_CLOSED: "The source account's bank reported the account closed.",
  REJECTED_BY_BANK: "The source account's bank refused the debit.",
} as const;

/**
 * What the sandbox's banks make of a payment: first the source's, when the money is pulled from an external account
 * (as transfer-in's is: its magic suffix fails it, or keeps it pending and fails it), unless the quote's funds
 * arrived from outside by its instructions; then the destination's.
 */
async function paymentOutcome(
  tx: Transaction,
  quote: QuoteRow,
  fundedFromOutside: boolean,
): Promise<Outcome> {
  if (!fundedFromOutside && quote.sourceAccountId.startsWith("ExternalAccount:")) {
    const source = await requireExternalAccount(tx, quote.sourceAccountId);
    const verdict = sandboxAccountOutcome(externalAccountIdentifier(source.accountInfo));
    if (verdict === "PENDING_THEN_FAILS") return { kind: "PENDING_THEN_FAIL", side: "SOURCE" };
    if (verdict !== "COMPLETES") {
      return {
        kind: "FAIL",
        reason: bankFailureReason("OUTGOING", "REFUSED"),
        detail: SOURCE_BANK_FAILURE_DETAILS[verdict],
      };
    }
  }
  return destinationOutcome(tx, quote);
}

async function destinationOutcome(tx: Transaction, quote: QuoteRow): Promise<Outcome> {
  if (quote.lookupId && !quote.destinationAccountId) {
    const sandboxReceiver = findSandboxSender(quote.destinationUmaAddress ?? "");
    if (sandboxReceiver?.outcome === "FAILS_COMPLIANCE") {
      return {
        kind: "FAIL",
        reason: "QUOTE_EXECUTION_FAILED",
        detail: "The receiver's compliance check refused the payment.",
      };
    }
    return { kind: "COMPLETE" };
  }
  if (quote.destinationAccountId && (await deletedOwnerOf(tx, quote.destinationAccountId))) {
    return {
      kind: "FAIL",
      reason: "QUOTE_EXECUTION_FAILED",
      detail: "The receiver was deleted after the quote was made; no money moved.",
      movesNothing: true,
    };
  }
  if (!quote.destinationAccountId?.startsWith("ExternalAccount:")) return { kind: "COMPLETE" };
  const account = await requireExternalAccount(tx, quote.destinationAccountId);
  const outcome = sandboxAccountOutcome(externalAccountIdentifier(account.accountInfo));
  if (outcome === "COMPLETES") return { kind: "COMPLETE" };
  if (outcome === "PENDING_THEN_FAILS") return { kind: "PENDING_THEN_FAIL", side: "DESTINATION" };
  // A quote's payment is outgoing: it reports a reason from the outgoing list.
  return {
    kind: "FAIL",
    reason: bankFailureReason("OUTGOING", "REFUSED"),
    detail: BANK_FAILURE_DETAILS[outcome],
  };
}

function ledgerAccountOf(accountId: string): string {
  return accountId.startsWith("ExternalAccount:") ? `external:${accountId}` : accountId;
}

/** The payment a retry's quote retries: its original quote's transaction; null for any other quote. */
async function originalTransactionOf(
  db: Pick<Transaction, "select">,
  quote: Pick<QuoteRow, "originalQuoteId">,
): Promise<string | null> {
  if (!quote.originalQuoteId) return null;
  const [original] = await db
    .select({ transactionId: quotes.transactionId })
    .from(quotes)
    .where(eq(quotes.id, quote.originalQuoteId));
  return original?.transactionId ?? null;
}

/** The reference a real-time funded quote's instructions give, by which its money is matched; null for other quotes. */
function realTimeReference(quote: QuoteRow): string | null {
  if (!quote.realTimeFunding) return null;
  const reference = quote.paymentInstructions?.[0]?.reference;
  return typeof reference === "string" && reference !== "" ? reference : null;
}

/**
 * Records a quote's payment in `changes.status`, with the quote's amounts, rate and parties. A real-time funded quote
 * executed before its money arrived has its payment recorded already, PENDING: that record moves on (its createdAt
 * and reference kept, so lists and cursors see one payment throughout); any other payment is recorded now. A
 * real-time funded quote's payment carries the reference of its instructions, which the money is matched by.
 */
export async function recordQuotePayment(
  tx: Transaction,
  quote: QuoteRow,
  changes: Partial<NewTransactionRow> & { status: TransactionRow["status"] },
  now: Date,
  createdAt: Date = now,
): Promise<TransactionRow> {
  const owner = await ownerOf(tx, quote.customerId);
  const values = {
    type: "OUTGOING" as const,
    customerId: owner.customerId,
    platformCustomerId: owner.platformCustomerId,
    sourceAccountId: quote.sourceAccountId,
    sourceCurrency: quote.sendingCurrency,
    destinationAccountId: quote.destinationAccountId,
    destinationCurrency: quote.receivingCurrency,
    senderUmaAddress: quote.sendingUmaAddress,
    receiverUmaAddress: quote.destinationUmaAddress,
    sentAmount: quote.totalSendingAmount,
    receivedAmount: quote.totalReceivingAmount,
    fees: quote.feesIncluded,
    exchangeRate: quote.exchangeRate,
    rateDetails: quote.rateDetails,
    quoteId: quote.id,
    // A retry's payment names the one it retries (the reference's Transaction.originalTransactionId).
    originalTransactionId: await originalTransactionOf(tx, quote),
    description: quote.description,
    counterpartyInformation: null,
    paymentInstructions: quote.paymentInstructions,
    ...changes,
  };
  if (quote.realTimeFunding) {
    const waited = await transition(tx, quote.transactionId, ["PENDING"], values, now);
    if (waited) return waited;
  }
  const reference = realTimeReference(quote);
  return insertTransaction(
    tx,
    { id: quote.transactionId, ...values, ...(reference ? { reference } : {}) },
    createdAt,
  );
}

/**
 * A real-time funded quote's payment becomes visible before any money moves (api-notes §3: OUTGOING_PAYMENT on each
 * status change): PENDING when the quote is executed and waits for its money, EXPIRED when the quote expired
 * unexecuted and unfunded (recorded as of its expiresAt). Listed, filtered and announced as any other; nothing moves.
 */
async function recordRealTimePayment(
  tx: Transaction,
  quote: QuoteRow,
  status: "PENDING" | "EXPIRED",
  now: Date,
): Promise<void> {
  const at = status === "EXPIRED" ? quote.expiresAt : now;
  const payment = await recordQuotePayment(tx, quote, { status }, at, at);
  await announceTransaction(tx, payment, now);
}

/**
 * Pays a claimed (PROCESSING) quote inside `tx`: one balanced movement takes totalSendingAmount from the source,
 * keeps the fees, converts the rest through the fx accounts and delivers totalReceivingAmount. Internal and UMA
 * destinations settle at once; an external destination follows the sandbox bank's magic suffixes, and while an external
 * source's pull is pending nothing moves at all. An
 * INSUFFICIENT_BALANCE aborts `tx`, so the quote stays PENDING and nothing moves.
 *
 * A payment to another internal account is one OUTGOING transaction naming both sides: no INCOMING record is
 * made for the receiver, since nothing there awaits the platform's approval and a second record would count the
 * same money twice in lists.
 */
export async function runQuote(
  tx: Transaction,
  quote: QuoteRow,
  now: Date,
  options: { fundedFromOutside?: boolean } = {},
): Promise<{ quote: QuoteRow; transaction: TransactionRow }> {
  const sending = quote.sendingCurrency;
  const receiving = quote.receivingCurrency;
  const net = quote.totalSendingAmount - quote.feesIncluded;
  const source = ledgerAccountOf(quote.sourceAccountId);
  const destination = quote.destinationAccountId
    ? ledgerAccountOf(quote.destinationAccountId)
    : `uma:${quote.destinationUmaAddress ?? ""}`;

  // The banks' verdict comes first: while an external source's bank keeps the pull pending, no money has arrived, so
  // nothing moves (as with transfer-in) and the receiver cannot spend money that is never pulled; the timed failure
  // then has nothing to return.
  const outcome = await paymentOutcome(tx, quote, options.fundedFromOutside === true);
  const awaitingSource = outcome.kind === "PENDING_THEN_FAIL" && outcome.side === "SOURCE";
  const movesNothing = awaitingSource || (outcome.kind === "FAIL" && outcome.movesNothing === true);

  if (options.fundedFromOutside && !quote.sourceAccountId.startsWith("ExternalAccount:")) {
    // Two movements below: lock both ends first, in order, rather than the source alone and then both.
    await lockInternalAccounts(tx, [source, destination]);
    // The quote's funds arrived from outside, matched by reference: they pass through the source account.
    await moveMoney(tx, {
      transactionId: quote.transactionId,
      legs: [
        { account: "sandbox:funding", currencyCode: sending, amount: -quote.totalSendingAmount },
        { account: quote.sourceAccountId, currencyCode: sending, amount: quote.totalSendingAmount },
      ],
      now,
    });
  }
  const legs: LedgerLeg[] = [{ account: source, currencyCode: sending, amount: -quote.totalSendingAmount }];
  if (quote.feesIncluded > 0)
    legs.push({ account: `fees:${sending}`, currencyCode: sending, amount: quote.feesIncluded });
  if (sending !== receiving || net !== quote.totalReceivingAmount) {
    legs.push({ account: `fx:${sending}`, currencyCode: sending, amount: net });
    legs.push({ account: `fx:${receiving}`, currencyCode: receiving, amount: -quote.totalReceivingAmount });
  }
  legs.push({ account: destination, currencyCode: receiving, amount: quote.totalReceivingAmount });
  if (!movesNothing) await moveMoney(tx, { transactionId: quote.transactionId, legs, now });

  let transaction = await recordQuotePayment(
    tx,
    quote,
    {
      status: "PROCESSING",
      // Funded from outside (sandbox send), the payment says where the money was sent even when the quote, on an
      // internal account, needed no instructions.
      paymentInstructions:
        quote.paymentInstructions ??
        (options.fundedFromOutside ? collectionInstructions(sending, quote.totalSendingAmount) : null),
    },
    now,
  );
  await announceTransaction(tx, transaction, now);

  let quoteStatus: QuoteRow["status"] = "PROCESSING";
  if (outcome.kind === "COMPLETE") {
    transaction =
      (await transition(tx, transaction.id, ["PROCESSING"], { status: "COMPLETED", settledAt: now }, now)) ??
      transaction;
    quoteStatus = "COMPLETED";
  } else if (outcome.kind === "FAIL") {
    await reverseMovements(tx, transaction.id, now);
    transaction =
      (await transition(
        tx,
        transaction.id,
        ["PROCESSING"],
        { status: "FAILED", failureReason: outcome.reason, rejectionReason: outcome.detail },
        now,
      )) ?? transaction;
    quoteStatus = "FAILED";
  } else {
    const dueAt = new Date(now.getTime() + SANDBOX_PENDING_BANK_SECONDS * 1000);
    transaction =
      (await transition(
        tx,
        transaction.id,
        ["PROCESSING"],
        { status: "PROCESSING", nextStepAt: dueAt },
        now,
      )) ?? transaction;
    await scheduleStep(tx, transaction.id, dueAt, now);
  }
  if (outcome.kind !== "PENDING_THEN_FAIL") await announceTransaction(tx, transaction, now);
  const [updated] = await tx
    .update(quotes)
    .set({ status: quoteStatus, updatedAt: now })
    .where(eq(quotes.id, quote.id))
    .returning();
  return { quote: updated ?? quote, transaction };
}

/** Ends the quote of a transaction that failed later (a payout the bank failed after a while). */
export async function failQuoteOf(tx: Transaction, transaction: TransactionRow, now: Date): Promise<void> {
  if (!transaction.quoteId) return;
  await tx
    .update(quotes)
    .set({ status: "FAILED", updatedAt: now })
    .where(and(eq(quotes.id, transaction.quoteId), eq(quotes.status, "PROCESSING")));
}

/** Marks a claimed quote FAILED (sandbox send with the wrong amount). */
export async function failClaimedQuote(tx: Transaction, quote: QuoteRow, now: Date): Promise<void> {
  await tx.update(quotes).set({ status: "FAILED", updatedAt: now }).where(eq(quotes.id, quote.id));
}

/**
 * GET /transactions/{id} of a quote's transactionId before the quote is executed: the transaction the quote will
 * become, CREATED (EXPIRED once the quote expired unexecuted). Every quote has a transactionId and the reference
 * answers it, so it is never a 404.
 */
export async function findQuoteTransaction(context: ServiceContext, transactionId: string) {
  const [quote] = await context.db.select().from(quotes).where(eq(quotes.transactionId, transactionId));
  if (!quote) return undefined;
  const now = context.clock.now();
  // A real-time funded quote that expired has its payment recorded EXPIRED (expireDueQuotes): the list's record.
  if (quote.realTimeFunding && expired(quote, now)) {
    await expireDueQuotes(context.db, now, quote.id);
    const recorded = await findTransaction(context.db, transactionId);
    if (recorded) return presentTransaction(recorded);
  }
  const owner = quote.customerId ? await findLiveCustomer(context.db, quote.customerId) : undefined;
  const status = expired(quote, now) ? "EXPIRED" : "CREATED";
  const instructions = outgoingPaymentInstructions({
    stored: quote.paymentInstructions,
    reference: quote.id,
    currencyCode: quote.sendingCurrency,
    sourceAccountId: quote.sourceAccountId,
  });
  return {
    id: quote.transactionId,
    status,
    type: "OUTGOING",
    destination: presentQuote(quote, now).destination,
    customerId: quote.customerId ?? "",
    platformCustomerId: owner?.platformCustomerId ?? "",
    source: { sourceType: "ACCOUNT", accountId: quote.sourceAccountId, currency: quote.sendingCurrency },
    createdAt: quote.createdAt.toISOString(),
    updatedAt: quote.updatedAt.toISOString(),
    ...(quote.description ? { description: quote.description } : {}),
    // Required on an outgoing transaction (api-notes §8): where the money that funds it is to be sent.
    paymentInstructions: instructions,
    // Every status but CREATED carries one (the reference's Transaction): the reference the money is matched by.
    ...(status === "CREATED" ? {} : { reconciliationInstructions: { reference: instructions.reference } }),
    quoteId: quote.id,
    ...(quote.originalQuoteId
      ? { originalTransactionId: (await originalTransactionOf(context.db, quote)) ?? undefined }
      : {}),
  };
}

/**
 * POST /quotes/{quoteId}/retry (api-notes §8): pays a failed or refunded UMA payment again, to the same recipient,
 * the same amount delivered, funded as the first was: from the same account (its balance checked as the money
 * moves: INSUFFICIENT_BALANCE moves nothing and records no quote), or just in time again, the new quote carrying
 * new paymentInstructions and its payment PENDING until the money arrives, no account debited. A new quote (its
 * originalQuoteId the first), executed at once; a payment is retried once (requireNotRetried).
 * The lookup must be a fresh one of the original recipient; fields the counterparty requires are asked again
 * (422 MISSING_MANDATORY_USER_INFO with details.requiredFields when missing).
 */
export async function retryQuote(context: ServiceContext, quoteId: string, body: RetryQuoteBody) {
  const original = await requireQuote(context.db, quoteId);
  const [payment] = await context.db
    .select({ status: transactions.status })
    .from(transactions)
    .where(eq(transactions.id, original.transactionId));
  if (!payment || (payment.status !== "FAILED" && payment.status !== "REFUNDED")) {
    throw new ApiError(
      400,
      "INVALID_INPUT",
      `Only a failed or refunded payment can be retried; quote ${quoteId}'s payment is ${payment?.status.toLowerCase() ?? "not made"}.`,
      { status: payment?.status ?? "CREATED" },
    );
  }
  if (
    !original.destinationUmaAddress ||
    !original.lookupId ||
    original.destinationAccountId?.startsWith("ExternalAccount:")
  ) {
    throw new ApiError(400, "INVALID_INPUT", "Only a payment to a UMA address can be retried.");
  }
  // Funded the way the first was (api-notes §8, "it debits the sender again"): a just-in-time payment's sender pays
  // in again, by the new quote's own instructions. Its money only passed through the owner's internal account, so
  // debiting that account would take what the sender never meant for this payment (or fail on an empty one).
  const source = original.realTimeFunding
    ? {
        ...(original.customerId ? { customerId: original.customerId } : {}),
        currency: original.sendingCurrency,
      }
    : { accountId: original.sourceAccountId };
  try {
    return await createQuote(
      context,
      {
        source,
        destination: { umaAddress: original.destinationUmaAddress, currency: original.receivingCurrency },
        lockedCurrencySide: "RECEIVING",
        lockedCurrencyAmount: original.totalReceivingAmount,
        lookupId: body.lookupId,
        immediatelyExecute: true,
        ...(original.description ? { description: original.description } : {}),
        ...(body.senderCustomerInfo ? { senderCustomerInfo: body.senderCustomerInfo } : {}),
      },
      { originalQuoteId: original.id },
    );
  } catch (error) {
    if (error instanceof ApiError && error.code === "MISSING_MANDATORY_USER_INFO") {
      const fields = (error.details?.fields as { path: string }[] | undefined) ?? [];
      throw new ApiError(422, "MISSING_MANDATORY_USER_INFO", error.message, {
        ...error.details,
        requiredFields: fields.map((field) => field.path.replace(/^senderCustomerInfo\./, "")),
      });
    }
    throw error;
  }
}
