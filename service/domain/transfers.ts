import { eq } from "drizzle-orm";
import {
  type CreateTransferInBody,
  type CreateTransferOutBody,
  type SandboxAccountOutcome,
  sandboxAccountOutcome,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import { internalAccounts } from "../db/schema";
import { ApiError } from "../errors";
import { getOrCreateConfig } from "./config";
import { requireCustomerInfoFor } from "./customer-requirements";
import { bankFailureReason } from "./failure-reasons";
import { newId } from "./ids";
import { moveMoney, type Transaction } from "./ledger";
import {
  deletedOwnerOf,
  type ExternalAccountRow,
  externalAccountIdentifier,
  type InternalAccountRow,
  ownerOf,
  requireExternalAccount,
  requireInternalAccount,
  requireLiveCustomer,
  requireReady,
  requireSameOwner,
} from "./payment-accounts";
import { SANDBOX_PENDING_BANK_SECONDS } from "./quotes";
import {
  announceTransaction,
  insertTransaction,
  presentTransaction,
  reverseMovements,
  scheduleStep,
  type TransactionRow,
  transition,
} from "./transactions";

const BANK_FAILURES: Partial<Record<SandboxAccountOutcome, string>> = {
  INSUFFICIENT_FUNDS: "The bank reported insufficient funds in the external account.",
  ACCOUNT_CLOSED: "The bank reported the external account closed.",
  REJECTED_BY_BANK: "The bank rejected the transfer.",
};

async function loadPair(context: ServiceContext, internalId: string, externalId: string) {
  const external = await requireExternalAccount(context.db, externalId);
  const internal = await requireInternalAccount(context.db, internalId);
  requireSameOwner(internal, external);
  if (internal.customerId) {
    const customer = await requireLiveCustomer(context.db, internal.customerId);
    requireReady(customer);
    requireCustomerInfoFor(await getOrCreateConfig(context), customer, [internal.currencyCode]);
  }
  return { internal, external };
}

/**
 * Applies the sandbox bank's verdict (the external account's magic suffix) to a transfer just recorded as
 * PENDING: complete at once, fail at once with the funds returned, or stay PENDING and fail after 30 s of
 * service time.
 */
async function settleTransfer(
  tx: Transaction,
  row: TransactionRow,
  external: ExternalAccountRow,
  onComplete: () => Promise<void>,
  now: Date,
): Promise<TransactionRow> {
  const outcome = sandboxAccountOutcome(externalAccountIdentifier(external.accountInfo));
  if (outcome === "COMPLETES") {
    await onComplete();
    const done = await transition(tx, row.id, ["PENDING"], { status: "COMPLETED", settledAt: now }, now);
    if (!done) throw new Error("a new transfer could not be completed");
    await announceTransaction(tx, done, now);
    return done;
  }
  if (outcome === "PENDING_THEN_FAILS") {
    const dueAt = new Date(now.getTime() + SANDBOX_PENDING_BANK_SECONDS * 1000);
    const waiting = await transition(tx, row.id, ["PENDING"], { status: "PENDING", nextStepAt: dueAt }, now);
    await scheduleStep(tx, row.id, dueAt, now);
    return waiting ?? row;
  }
  await reverseMovements(tx, row.id, now);
  const failed = await transition(
    tx,
    row.id,
    ["PENDING"],
    {
      status: "FAILED",
      failureReason: bankFailureReason(row.type, "REFUSED"),
      rejectionReason: BANK_FAILURES[outcome] ?? null,
    },
    now,
  );
  if (!failed) throw new Error("a new transfer could not be failed");
  await announceTransaction(tx, failed, now);
  return failed;
}

function baseRow(internal: InternalAccountRow, owner: Awaited<ReturnType<typeof ownerOf>>) {
  return {
    id: newId("Transaction"),
    status: "PENDING" as const,
    customerId: owner.customerId,
    platformCustomerId: owner.platformCustomerId,
    sourceCurrency: internal.currencyCode,
    destinationCurrency: internal.currencyCode,
    fees: 0,
  };
}

/**
 * POST /transfer-in: pulls money from the owner's external account into an internal account. The amount is
 * required: the service cannot know an external account's balance, so "everything" has no meaning here.
 * The internal account is credited only when the bank completes the pull.
 */
export async function transferIn(context: ServiceContext, body: CreateTransferInBody) {
  if (body.amount === undefined) {
    throw new ApiError(
      400,
      "INVALID_AMOUNT",
      "transfer-in needs an amount: an external balance is unknown.",
      {
        fields: [{ path: "amount", message: "Required for transfer-in" }],
      },
    );
  }
  const amount = body.amount;
  const { internal, external } = await loadPair(context, body.destination.accountId, body.source.accountId);
  const now = context.clock.now();
  const row = await context.db.transaction(async (tx) => {
    // Deleted since loadPair looked (the share lock holds a deletion off until this commits): loadPair's answer.
    const deleted = await deletedOwnerOf(tx, internal.id);
    if (deleted) throw new ApiError(404, "USER_NOT_FOUND", `No customer has the id ${deleted}.`);
    const owner = await ownerOf(tx, internal.customerId);
    const pending = await insertTransaction(
      tx,
      {
        ...baseRow(internal, owner),
        type: "INCOMING",
        sourceAccountId: external.id,
        destinationAccountId: internal.id,
        sentAmount: amount,
        receivedAmount: amount,
      },
      now,
    );
    return settleTransfer(
      tx,
      pending,
      external,
      async () => {
        await moveMoney(tx, {
          transactionId: pending.id,
          legs: [
            { account: `external:${external.id}`, currencyCode: internal.currencyCode, amount: -amount },
            { account: internal.id, currencyCode: internal.currencyCode, amount },
          ],
          now,
        });
      },
      now,
    );
  });
  return presentTransaction(row);
}

/**
 * POST /transfer-out: pays an internal account's money out to the owner's external account. Without an amount
 * the whole balance leaves. The debit happens at once (INSUFFICIENT_BALANCE changes nothing); a bank failure,
 * at once or after the pending period, puts the money back.
 */
export async function transferOut(context: ServiceContext, body: CreateTransferOutBody) {
  const { internal, external } = await loadPair(context, body.source.accountId, body.destination.accountId);
  const now = context.clock.now();
  const row = await context.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ balance: internalAccounts.balance })
      .from(internalAccounts)
      .where(eq(internalAccounts.id, internal.id))
      .for("update");
    const amount = body.amount ?? locked?.balance ?? 0;
    if (amount <= 0) {
      throw new ApiError(400, "INSUFFICIENT_BALANCE", "The source account has no balance to transfer.", {
        accountId: internal.id,
      });
    }
    const owner = await ownerOf(tx, internal.customerId);
    const id = newId("Transaction");
    await moveMoney(tx, {
      transactionId: id,
      legs: [
        { account: internal.id, currencyCode: internal.currencyCode, amount: -amount },
        { account: `external:${external.id}`, currencyCode: internal.currencyCode, amount },
      ],
      now,
    });
    const pending = await insertTransaction(
      tx,
      {
        ...baseRow(internal, owner),
        id,
        type: "OUTGOING",
        sourceAccountId: internal.id,
        destinationAccountId: external.id,
        sentAmount: amount,
        receivedAmount: amount,
      },
      now,
    );
    await announceTransaction(tx, pending, now);
    return settleTransfer(tx, pending, external, async () => {}, now);
  });
  return presentTransaction(row);
}
