import { and, eq, gte, lte, or, type SQL, sql } from "drizzle-orm";
import type { ListTransactionsQuery } from "../../shared/contract";
import type { ServiceContext } from "../context";
import { ledgerEntries, transactions } from "../db/schema";
import { ApiError } from "../errors";
import { enqueueWebhook } from "../webhooks/enqueue";
import { receivingBankAccount } from "./accounts";
import { newReference } from "./ids";
import { type LedgerLeg, moveMoney, type Transaction } from "./ledger";
import { afterCursor, countUpTo, decodeCursor, orderByKeyset, toPage } from "./pagination";
import { amountObject, type Reader } from "./payment-accounts";

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransactionRow = typeof transactions.$inferInsert;

export const UMA_ENDPOINT_TYPE = "UMA_ADDRESS";
const FINAL_STATUSES = new Set(["COMPLETED", "REJECTED", "FAILED", "REFUNDED", "EXPIRED"]);

const isFinalStatus = (status: string) => FINAL_STATUSES.has(status);

function endpoint(
  kind: "source" | "destination",
  accountId: string | null,
  umaAddress: string | null,
  currency: string | null,
) {
  const typeField = kind === "source" ? "sourceType" : "destinationType";
  // One variant or the other, never both (the reference's oneOf): an account when the money is in one of the
  // platform's accounts, else the counterparty's UMA address.
  if (accountId) return { [typeField]: "ACCOUNT", accountId, ...(currency ? { currency } : {}) };
  return {
    [typeField]: UMA_ENDPOINT_TYPE,
    ...(umaAddress ? { umaAddress } : {}),
    ...(currency ? { currency } : {}),
  };
}

type Stored = Record<string, unknown>;
const isRecord = (value: unknown): value is Stored =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/** A US account instruction of a quote (the sandbox's collection account) as bank account information. */
function usAccountOf(instruction: Stored): Stored | undefined {
  if (instruction.accountType !== "US_ACCOUNT") return undefined;
  const { referenceCode: _reference, ...account } = instruction;
  return account;
}

/**
 * An outgoing transaction's paymentInstructions, which the reference requires (api-notes §8): one object `{reference,
 * instructionsNotes?, bankAccountInfo}`, where the money that funds the payment is sent and the reference that
 * matches it. A quote funded from outside keeps what its own instructions said: a real-time funded quote's
 * instruction as it is, a bank account funded one's collection account and reference code. A payment funded from an
 * internal account names the sandbox bank's receiving account for its currency and the payment's own reference.
 */
export function outgoingPaymentInstructions(payment: {
  /** The quote's instructions as stored: a list of payment instruction objects, or none. */
  stored: unknown;
  reference: string;
  currencyCode: string;
  sourceAccountId: string | null;
}) {
  const first = Array.isArray(payment.stored) ? payment.stored[0] : payment.stored;
  const given = isRecord(first) ? first : undefined;
  const bank = given && isRecord(given.bankAccountInfo) ? given.bankAccountInfo : given && usAccountOf(given);
  const reference = text(given?.reference) ?? text(given?.referenceCode) ?? payment.reference;
  const notes =
    text(given?.instructionsNotes) ??
    (given
      ? `Send ${payment.currencyCode} to this account with the reference ${reference} as the memo; funds without it cannot be matched.`
      : `Funded from ${payment.sourceAccountId ?? "an internal account"}: nothing to send. Money sent to this account with the reference ${reference} as the memo is matched to this payment.`);
  return {
    reference,
    instructionsNotes: notes,
    bankAccountInfo: bank ?? receivingBankAccount(payment.currencyCode),
  };
}

/**
 * The API's Transaction. customerId and platformCustomerId are required by the specification, so a payment of
 * the platform's own accounts carries them empty, as an internal account's absent owner reads.
 */
export function presentTransaction(row: TransactionRow) {
  const sourceCurrency = row.sourceCurrency ?? row.destinationCurrency;
  return {
    id: row.id,
    status: row.status,
    type: row.type,
    destination: endpoint(
      "destination",
      row.destinationAccountId,
      row.receiverUmaAddress,
      row.destinationCurrency,
    ),
    customerId: row.customerId ?? "",
    platformCustomerId: row.platformCustomerId ?? "",
    ...(row.sourceAccountId || row.senderUmaAddress
      ? { source: endpoint("source", row.sourceAccountId, row.senderUmaAddress, row.sourceCurrency) }
      : {}),
    ...(row.sentAmount !== null ? { sentAmount: amountObject(row.sentAmount, sourceCurrency) } : {}),
    ...(row.receivedAmount !== null
      ? { receivedAmount: amountObject(row.receivedAmount, row.destinationCurrency) }
      : {}),
    ...(row.settledAt ? { settledAt: row.settledAt.toISOString() } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.description ? { description: row.description } : {}),
    ...(row.counterpartyInformation ? { counterpartyInformation: row.counterpartyInformation } : {}),
    ...(row.status !== "CREATED" && row.reference
      ? { reconciliationInstructions: { reference: row.reference } }
      : {}),
    ...(row.type === "OUTGOING"
      ? {
          paymentInstructions: outgoingPaymentInstructions({
            stored: row.paymentInstructions,
            reference: row.reference ?? row.id,
            currencyCode: sourceCurrency,
            sourceAccountId: row.sourceAccountId,
          }),
        }
      : {}),
    ...(row.exchangeRate !== null ? { exchangeRate: Number(row.exchangeRate) } : {}),
    ...(row.fees !== null ? { fees: row.fees } : {}),
    ...(row.quoteId ? { quoteId: row.quoteId } : {}),
    ...(row.originalTransactionId ? { originalTransactionId: row.originalTransactionId } : {}),
    ...(row.refund ? { refund: row.refund } : {}),
    ...(row.rateDetails ? { rateDetails: row.rateDetails } : {}),
    ...(row.status === "FAILED" && row.failureReason ? { failureReason: row.failureReason } : {}),
    // Beyond the specification: why the bank failed a transfer, or the platform's reason for a rejection.
    ...(row.status === "FAILED" && row.rejectionReason ? { failureDetail: row.rejectionReason } : {}),
    ...(row.status === "REJECTED" && row.rejectionReason ? { rejectionReason: row.rejectionReason } : {}),
    ...(row.approvalDeadline && row.status === "PENDING"
      ? { approvalDeadline: row.approvalDeadline.toISOString() }
      : {}),
  };
}

/**
 * Records a transaction created now. Its reference is a new one unless given: a real-time funded quote's payment keeps
 * the reference of the instructions its money is sent with, by which it is matched (reconciliationInstructions).
 */
export async function insertTransaction(
  tx: Transaction,
  values: Omit<NewTransactionRow, "createdAt" | "updatedAt">,
  now: Date,
): Promise<TransactionRow> {
  const [row] = await tx
    .insert(transactions)
    .values({ ...values, reference: values.reference ?? newReference("TXN"), createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error("transaction was not recorded");
  return row;
}

/**
 * Moves a transaction from one status to another only if it is still in one of `from`: the single conditional
 * UPDATE is what makes concurrent deciders (approve, reject, reply, time-out) exclusive.
 */
export async function transition(
  tx: Transaction,
  id: string,
  from: string[],
  changes: Partial<NewTransactionRow> & { status: TransactionRow["status"] },
  now: Date,
  extraCondition?: SQL,
): Promise<TransactionRow | undefined> {
  const statusIn = sql`${transactions.status} in (${sql.join(
    from.map((s) => sql`${s}`),
    sql`, `,
  )})`;
  const [row] = await tx
    .update(transactions)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(transactions.id, id), statusIn, extraCondition))
    .returning();
  return row;
}

/**
 * Tells the platform about a status change: OUTGOING_PAYMENT for every change of an outgoing payment;
 * INCOMING_PAYMENT for the final status of an incoming one (the pending one is the approval request, sent by
 * incoming-payments with its own fields).
 */
export async function announceTransaction(tx: Transaction, row: TransactionRow, now: Date): Promise<void> {
  if (row.type === "INCOMING" && !isFinalStatus(row.status)) return;
  await enqueueWebhook(
    tx,
    {
      type: row.type === "OUTGOING" ? "OUTGOING_PAYMENT" : "INCOMING_PAYMENT",
      payload: { transaction: presentTransaction(row) },
    },
    now,
  );
}

/** Puts back every movement recorded for a transaction (funds returned to where they came from). */
export async function reverseMovements(tx: Transaction, transactionId: string, now: Date): Promise<void> {
  const entries = await tx
    .select({
      account: ledgerEntries.account,
      currencyCode: ledgerEntries.currencyCode,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transactionId));
  const net = new Map<string, LedgerLeg>();
  for (const entry of entries) {
    const key = `${entry.account}\u0000${entry.currencyCode}`;
    const leg = net.get(key) ?? { account: entry.account, currencyCode: entry.currencyCode, amount: 0 };
    leg.amount -= entry.amount;
    net.set(key, leg);
  }
  const legs = [...net.values()].filter((leg) => leg.amount !== 0);
  if (legs.length > 0) await moveMoney(tx, { transactionId, legs, now, returnsPendingMoney: true });
}

/**
 * Queues the job that takes a transaction's next timed step (a simulated bank failure, an approval time-out).
 * The queue runs on real time; the service clock only moves ahead of it, so the job is never late, and
 * POST /_local/clock/advance settles whatever became due before the job runs.
 */
export async function scheduleStep(
  tx: Transaction,
  transactionId: string,
  dueAt: Date,
  now: Date,
): Promise<void> {
  const delaySeconds = Math.max(0, (dueAt.getTime() - now.getTime()) / 1000);
  await tx.execute(
    sql`select graphile_worker.add_job('payment_step', json_build_object('transactionId', ${transactionId}::text),
          run_at => now() + make_interval(secs => ${delaySeconds}), max_attempts => 5)`,
  );
}

export async function findTransaction(db: Reader, id: string): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

export async function requireTransaction(db: Reader, id: string): Promise<TransactionRow> {
  const row = await findTransaction(db, id);
  if (!row) throw new ApiError(404, "TRANSACTION_NOT_FOUND", `No transaction has the id ${id}.`);
  return row;
}

export async function listTransactions(context: ServiceContext, query: ListTransactionsQuery) {
  const cursor = decodeCursor(query.cursor, "Transaction:");
  const t = transactions;
  const filters: (SQL | undefined)[] = [
    query.customerId ? eq(t.customerId, query.customerId) : undefined,
    query.platformCustomerId ? eq(t.platformCustomerId, query.platformCustomerId) : undefined,
    query.accountIdentifier
      ? or(
          eq(t.sourceAccountId, query.accountIdentifier),
          eq(t.senderUmaAddress, query.accountIdentifier.toLowerCase()),
          eq(t.destinationAccountId, query.accountIdentifier),
          eq(t.receiverUmaAddress, query.accountIdentifier.toLowerCase()),
        )
      : undefined,
    query.senderAccountIdentifier
      ? or(
          eq(t.sourceAccountId, query.senderAccountIdentifier),
          eq(t.senderUmaAddress, query.senderAccountIdentifier.toLowerCase()),
        )
      : undefined,
    query.receiverAccountIdentifier
      ? or(
          eq(t.destinationAccountId, query.receiverAccountIdentifier),
          eq(t.receiverUmaAddress, query.receiverAccountIdentifier.toLowerCase()),
        )
      : undefined,
    query.status ? eq(t.status, query.status) : undefined,
    query.type ? eq(t.type, query.type) : undefined,
    query.reference ? eq(t.reference, query.reference) : undefined,
    query.startDate ? gte(t.createdAt, new Date(query.startDate)) : undefined,
    query.endDate ? lte(t.createdAt, new Date(query.endDate)) : undefined,
  ];
  const where = and(...filters);
  const [rows, counted] = await Promise.all([
    context.db
      .select()
      .from(t)
      .where(and(where, afterCursor(t.createdAt, t.id, cursor, query.sortOrder)))
      .orderBy(...orderByKeyset(t.createdAt, t.id, query.sortOrder))
      .limit(query.limit + 1),
    countUpTo(context.db, t, where, orderByKeyset(t.createdAt, t.id)),
  ]);
  return toPage(rows, query.limit, presentTransaction, counted);
}
