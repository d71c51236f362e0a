import { and, eq, inArray, sql } from "drizzle-orm";
import { MAX_MINOR_AMOUNT } from "../../shared/contract/limits";
import type { ServiceDatabase } from "../db/client";
import { customers, internalAccounts, ledgerEntries, transactions } from "../db/schema";
import { ApiError } from "../errors";
import { enqueueWebhook } from "../webhooks/enqueue";
import { newId } from "./ids";
import { amountObject, ownerOf } from "./payment-accounts";

export type Transaction = Parameters<Parameters<ServiceDatabase["transaction"]>[0]>[0];

export interface LedgerLeg {
  /** An internal account id (`InternalAccount:…`), or a ledger-only account such as `external:<id>`. */
  account: string;
  currencyCode: string;
  /** Signed minor units: negative leaves the account, positive enters it. */
  amount: number;
}

const isInternal = (account: string) => account.startsWith("InternalAccount:");

/**
 * Locks the internal accounts among `accounts` (others are ledger-only) for the rest of the caller's transaction,
 * in id order. A transaction that makes several movements locks every account they touch with one call first:
 * locking them movement by movement could take them out of order and deadlock with another transaction.
 */
export async function lockInternalAccounts(tx: Transaction, accounts: string[]) {
  const internalIds = [...new Set(accounts.filter(isInternal))].sort();
  if (internalIds.length === 0) return [];
  return tx
    .select({ id: internalAccounts.id, currencyCode: internalAccounts.currencyCode })
    .from(internalAccounts)
    .where(inArray(internalAccounts.id, internalIds))
    .orderBy(internalAccounts.id)
    .for("update");
}

/**
 * Moves money as one balanced movement inside the caller's transaction: the legs of each currency sum to zero,
 * internal balances change under row locks taken in id order (two movements cannot deadlock each other; what else a
 * transaction locks may still cross another's, and service/db/client.ts runs a deadlock's victim again), and a debit
 * that would take a balance below zero aborts with INSUFFICIENT_BALANCE (the CHECK constraint is the last line of
 * defence).
 */
export async function moveMoney(
  tx: Transaction,
  movement: {
    transactionId?: string;
    legs: LedgerLeg[];
    now: Date;
    /**
     * The movement returns a payment's money (reverseMovements): while the payment waited, the room its money needs
     * below the largest balance was kept for it, so it is not kept again.
     */
    returnsPendingMoney?: boolean;
  },
): Promise<string> {
  const sums = new Map<string, number>();
  for (const leg of movement.legs) {
    if (!Number.isSafeInteger(leg.amount))
      throw new Error(`ledger amount ${leg.amount} is not a safe integer`);
    sums.set(leg.currencyCode, (sums.get(leg.currencyCode) ?? 0) + leg.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new Error(`unbalanced ledger movement in ${currency}: ${sum}`);
  }
  const locked = await lockInternalAccounts(
    tx,
    movement.legs.map((leg) => leg.account),
  );
  if (locked.length > 0) {
    for (const leg of movement.legs.filter((l) => isInternal(l.account))) {
      const account = locked.find((row) => row.id === leg.account);
      if (!account) throw new ApiError(404, "ACCOUNT_NOT_FOUND", `Account ${leg.account} was not found.`);
      if (account.currencyCode !== leg.currencyCode) {
        throw new Error(`ledger leg in ${leg.currencyCode} on a ${account.currencyCode} account`);
      }
    }
  }
  if (!movement.returnsPendingMoney) await refuseCreditsToDeletedOwners(tx, movement.legs);
  const changed = new Map<string, BalanceChange>();
  for (const leg of movement.legs) {
    if (!isInternal(leg.account) || leg.amount === 0) continue;
    const kept =
      leg.amount > 0 && !movement.returnsPendingMoney ? await moneyAwayPending(tx, leg.account) : 0;
    const updated = await tx
      .update(internalAccounts)
      .set({ balance: sql`${internalAccounts.balance} + ${leg.amount}`, updatedAt: movement.now })
      .where(
        and(
          eq(internalAccounts.id, leg.account),
          sql`${internalAccounts.balance} + ${leg.amount} >= 0`,
          // No balance grows past the largest amount the API carries (int64 in the reference, and within what a
          // JavaScript number holds exactly): a credit that would is refused, and the whole movement with it. Room
          // is kept for the money of the account's waiting payments, which comes back if they fail: a return that
          // found no room could never be made, and the payment would hang with its money nowhere.
          sql`${internalAccounts.balance} + ${leg.amount} + ${kept} <= ${MAX_MINOR_AMOUNT}`,
        ),
      )
      .returning({
        id: internalAccounts.id,
        balance: internalAccounts.balance,
        currencyCode: internalAccounts.currencyCode,
        customerId: internalAccounts.customerId,
      });
    const [row] = updated;
    if (row) {
      const change = changed.get(row.id) ?? { ...row, delta: 0 };
      changed.set(row.id, { ...change, balance: row.balance, delta: change.delta + leg.amount });
    }
    if (updated.length === 0 && leg.amount > 0) {
      throw new ApiError(
        400,
        "AMOUNT_OUT_OF_RANGE",
        kept > 0
          ? `The destination account's balance would exceed ${MAX_MINOR_AMOUNT}, the largest amount an account holds, counting ${kept} that its pending payments may return.`
          : `The destination account's balance would exceed ${MAX_MINOR_AMOUNT}, the largest amount an account holds.`,
        { accountId: leg.account },
      );
    }
    if (updated.length === 0) {
      throw new ApiError(
        400,
        "INSUFFICIENT_BALANCE",
        "The source account's balance is too low for this amount.",
        {
          accountId: leg.account,
        },
      );
    }
  }
  const movementId = newId("Transaction").replace("Transaction:", "Movement:");
  await tx.insert(ledgerEntries).values(
    movement.legs.map((leg) => ({
      movementId,
      transactionId: movement.transactionId ?? null,
      account: leg.account,
      currencyCode: leg.currencyCode,
      amount: leg.amount,
      createdAt: movement.now,
    })),
  );
  await announceBalanceChanges(tx, changed, movement.now);
  return movementId;
}

/**
 * No money enters an account whose owner is deleted: nothing can ever leave it again (410 CUSTOMER_DELETED, and the
 * whole movement with it). Each route that credits a customer checks first and answers in its own way (an incoming
 * payment fails, a quote's execution fails, a transfer in or sandbox funding is refused); this is the ledger's own
 * rule under them all. Money a payment of theirs brings back is not refused (`returnsPendingMoney`). Holds the owners'
 * rows for share until the caller's transaction ends, as payment-accounts.ts deletedOwnerOf does, so a deletion
 * (customers.ts deleteCustomer, which locks only the customer's row) either committed before and is seen here, or waits
 * and then finds the balance it must refuse to leave behind.
 */
async function refuseCreditsToDeletedOwners(tx: Transaction, legs: LedgerLeg[]): Promise<void> {
  const credited = [
    ...new Set(legs.filter((leg) => leg.amount > 0 && isInternal(leg.account)).map((leg) => leg.account)),
  ];
  if (credited.length === 0) return;
  const owners = await tx
    .select({ id: customers.id, isDeleted: customers.isDeleted })
    .from(internalAccounts)
    .innerJoin(customers, eq(customers.id, internalAccounts.customerId))
    .where(inArray(internalAccounts.id, credited))
    .orderBy(customers.id)
    .for("share", { of: customers });
  const deleted = owners.find((owner) => owner.isDeleted);
  if (deleted) {
    throw new ApiError(
      410,
      "CUSTOMER_DELETED",
      `Customer ${deleted.id}, the receiving account's owner, is deleted.`,
    );
  }
}

/**
 * What has left `account` in payments still PENDING or PROCESSING, net per payment: the money a failure would bring
 * back. The caller holds the account's row lock, so no payment debits it meanwhile.
 */
async function moneyAwayPending(tx: Transaction, account: string): Promise<number> {
  const result = await tx.execute<{ away: string | null }>(sql`
    select sum(-net)::text as away from (
      select sum(e.amount) as net
        from ${ledgerEntries} e
        join ${transactions} t on t.id = e.transaction_id
       where e.account = ${account} and t.status in ('PENDING', 'PROCESSING')
       group by e.transaction_id
    ) per_payment where net < 0`);
  return Number(result.rows[0]?.away ?? 0);
}

interface BalanceChange {
  id: string;
  balance: number;
  currencyCode: string;
  customerId: string | null;
  /** The movement's net change to the account; its balance before is `balance - delta`. */
  delta: number;
}

/**
 * ACCOUNT_STATUS for every internal account whose balance the movement changed (api-notes §3: "after a balance
 * change"), in the movement's transaction: a platform keeping balances in step from its webhooks sees payments,
 * transfers, refunds and sandbox funding alike, each with the balance before and after.
 */
async function announceBalanceChanges(tx: Transaction, changed: Map<string, BalanceChange>, now: Date) {
  for (const change of changed.values()) {
    if (change.delta === 0) continue;
    const owner = await ownerOf(tx, change.customerId);
    await enqueueWebhook(
      tx,
      {
        type: "ACCOUNT_STATUS",
        payload: {
          accountId: change.id,
          oldBalance: amountObject(change.balance - change.delta, change.currencyCode),
          newBalance: amountObject(change.balance, change.currencyCode),
          ...(owner.customerId ? { customerId: owner.customerId } : {}),
          ...(owner.platformCustomerId ? { platformCustomerId: owner.platformCustomerId } : {}),
        },
      },
      now,
    );
  }
}
