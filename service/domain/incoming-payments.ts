import { and, eq, gt, isNotNull, isNull, or } from "drizzle-orm";
import {
  type ApproveTransactionBody,
  approveIncomingPaymentReplySchema,
  findSandboxSender,
  LISTED_SANDBOX_PEOPLE,
  MAX_MINOR_AMOUNT,
  type ReceiveSandboxUmaPaymentBody,
  type RejectTransactionBody,
  rejectIncomingPaymentReplySchema,
  requestSenderInfoReplySchema,
  type SandboxSender,
  type UserInfoFieldName,
  type UserInfoFieldRequirement,
  userInfoInputSchema,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import { internalAccounts, transactions } from "../db/schema";
import { ApiError } from "../errors";
import type { AttemptResult } from "../webhooks/deliver";
import { enqueueWebhook } from "../webhooks/enqueue";
import { getOrCreateConfig } from "./config";
import { requireCustomerInfoFor } from "./customer-requirements";
import { newId } from "./ids";
import { moveMoney, type Transaction } from "./ledger";
import {
  type CustomerRow,
  deletedOwnerOf,
  findLiveCustomerByUma,
  ownerOf,
  requireDirection,
  requireLiveCustomer,
  requireReady,
  requireSupportedCurrency,
  requireWithinBounds,
} from "./payment-accounts";
import { takeDueStep } from "./payment-steps";
import { findQuoteTransaction } from "./quotes";
import { computeIncomingAmounts } from "./rates";
import {
  announceTransaction,
  findTransaction,
  insertTransaction,
  presentTransaction,
  requireTransaction,
  scheduleStep,
  type TransactionRow,
  transition,
} from "./transactions";

/** What the sandbox's senders ask about our recipient, the same on every payment so tests can rely on it. */
const REQUESTED_RECEIVER_FIELDS: UserInfoFieldRequirement[] = [
  { name: "FULL_NAME", mandatory: true },
  { name: "BIRTH_DATE", mandatory: false },
];

/** Plausible, fixed data about a sandbox sender, one value per UserInfoFieldName. */
function sandboxSenderValue(sender: SandboxSender, field: UserInfoFieldName): string {
  const handle = sender.address.slice(1, sender.address.indexOf("@"));
  const listed = LISTED_SANDBOX_PEOPLE[sender.address];
  if (listed && (field === "FULL_NAME" || field === "BIRTH_DATE" || field === "NATIONALITY"))
    return listed[field];
  switch (field) {
    case "FULL_NAME":
      return "Alex Sandbox Rivera";
    case "BIRTH_DATE":
      return "1990-04-12";
    case "NATIONALITY":
      return sender.currencyCode === "MXN" ? "MX" : sender.currencyCode === "EUR" ? "DE" : "US";
    case "ADDRESS":
      return "100 Sandbox Way, Springfield, IL 62701, US";
    case "PHONE_NUMBER":
      return "+14155550123";
    case "EMAIL":
      return `${handle}@sandbox.uma.money`;
    case "BUSINESS_NAME":
      return "Sandbox Sender LLC";
    case "TAX_ID":
      return "12-3456789";
  }
}

function senderData(sender: SandboxSender, fields: readonly string[]): Record<string, string> {
  const data: Record<string, string> = {};
  for (const field of fields) {
    const parsed = userInfoInputSchema.keyof().safeParse(field);
    if (parsed.success) data[parsed.data] = sandboxSenderValue(sender, parsed.data);
  }
  return data;
}

async function resolveReceiver(
  context: ServiceContext,
  body: ReceiveSandboxUmaPaymentBody,
): Promise<CustomerRow> {
  let receiver: CustomerRow | undefined;
  if (body.customerId) receiver = await requireLiveCustomer(context.db, body.customerId);
  if (body.receiverUmaAddress) {
    const byAddress = await findLiveCustomerByUma(context.db, body.receiverUmaAddress);
    if (!byAddress) {
      throw new ApiError(
        404,
        "USER_NOT_FOUND",
        `No customer has the UMA address ${body.receiverUmaAddress}.`,
      );
    }
    if (receiver && receiver.id !== byAddress.id) {
      throw new ApiError(
        400,
        "INVALID_INPUT",
        "customerId and receiverUmaAddress name different customers.",
        {
          fields: [{ path: "receiverUmaAddress", message: "Belongs to another customer" }],
        },
      );
    }
    receiver = byAddress;
  }
  if (!receiver) throw new ApiError(404, "USER_NOT_FOUND", "The receiver was not found.");
  return receiver;
}

async function requestApproval(tx: Transaction, row: TransactionRow, now: Date): Promise<void> {
  await enqueueWebhook(
    tx,
    {
      type: "INCOMING_PAYMENT",
      payload: {
        transaction: presentTransaction(row),
        requestedReceiverCustomerInfoFields: row.requestedReceiverCustomerInfoFields ?? [],
      },
      retryable: false,
      transactionId: row.id,
    },
    now,
  );
}

/**
 * POST /sandbox/uma/receive: a sandbox sender pays one of the platform's customers. The payment waits in PENDING
 * for the platform's approval (its reply to the webhook, or approve/reject before the deadline). `$pending.long`
 * senders keep it PENDING with no deadline, so only approve or reject ends it; `$fail.compliance` fails at once.
 */
export async function receiveSandboxPayment(context: ServiceContext, body: ReceiveSandboxUmaPaymentBody) {
  const sender = findSandboxSender(body.senderUmaAddress);
  if (!sender) {
    throw new ApiError(404, "UMA_NOT_FOUND", `${body.senderUmaAddress} is not a sandbox sender.`, {
      fields: [{ path: "senderUmaAddress", message: "Not a sandbox sender" }],
    });
  }
  const receiver = await resolveReceiver(context, body);
  requireReady(receiver);
  const config = await getOrCreateConfig(context);
  const currency = body.receivingCurrencyCode;
  const entry = requireSupportedCurrency(config, currency);
  requireDirection(entry, "INCOMING");
  requireCustomerInfoFor(config, receiver, [currency]);
  requireWithinBounds(body.receivingCurrencyAmount, currency, { min: entry.minAmount, max: entry.maxAmount });
  const [account] = await context.db
    .select()
    .from(internalAccounts)
    .where(and(eq(internalAccounts.customerId, receiver.id), eq(internalAccounts.currencyCode, currency)));
  if (!account) {
    throw new ApiError(400, "INVALID_CURRENCY", `${receiver.id} has no ${currency} internal account.`);
  }
  const amounts = computeIncomingAmounts({
    sendingCurrency: sender.currencyCode,
    receivingCurrency: currency,
    receivedAmount: body.receivingCurrencyAmount,
  });
  if (amounts.sentAmount > BigInt(MAX_MINOR_AMOUNT)) {
    throw new ApiError(
      400,
      "AMOUNT_OUT_OF_RANGE",
      `The sender's side would exceed ${MAX_MINOR_AMOUNT.toLocaleString("en-US")} minor units.`,
    );
  }
  const now = context.clock.now();
  const deadline =
    sender.outcome === "STAYS_PENDING"
      ? null
      : new Date(now.getTime() + context.config.approvalTimeoutSeconds * 1000);
  const failsCompliance = sender.outcome === "FAILS_COMPLIANCE";

  const row = await context.db.transaction(async (tx) => {
    const owner = await ownerOf(tx, receiver.id);
    const inserted = await insertTransaction(
      tx,
      {
        id: newId("Transaction"),
        status: failsCompliance ? "FAILED" : "PENDING",
        type: "INCOMING",
        customerId: owner.customerId,
        platformCustomerId: owner.platformCustomerId,
        sourceAccountId: null,
        sourceCurrency: sender.currencyCode,
        destinationAccountId: account.id,
        destinationCurrency: currency,
        senderUmaAddress: sender.address,
        receiverUmaAddress: receiver.umaAddress,
        sentAmount: Number(amounts.sentAmount),
        receivedAmount: body.receivingCurrencyAmount,
        // The incoming variable fee, on the sender's side in its currency (the rate details say how it was built).
        fees: Number(amounts.fees),
        exchangeRate: amounts.exchangeRate,
        rateDetails: amounts.rateDetails,
        counterpartyInformation: senderData(
          sender,
          entry.requiredCounterpartyFields.map((field) => field.name),
        ),
        requestedReceiverCustomerInfoFields: failsCompliance ? null : REQUESTED_RECEIVER_FIELDS,
        failureReason: failsCompliance ? "PAY_REQUEST_FAILED" : null,
        rejectionReason: failsCompliance ? "The sender's compliance check failed." : null,
        approvalDeadline: failsCompliance ? null : deadline,
        nextStepAt: failsCompliance ? null : deadline,
      },
      now,
    );
    if (failsCompliance) {
      await announceTransaction(tx, inserted, now);
      return inserted;
    }
    if (deadline) await scheduleStep(tx, inserted.id, deadline, now);
    await requestApproval(tx, inserted, now);
    return inserted;
  });
  return presentTransaction(row);
}

/** Still waiting for the platform: incoming from a UMA sender, PENDING, and not past its deadline. */
const awaitingApproval = (now: Date) =>
  and(
    eq(transactions.type, "INCOMING"),
    isNotNull(transactions.senderUmaAddress),
    or(isNull(transactions.approvalDeadline), gt(transactions.approvalDeadline, now)),
  );

async function completeIncoming(
  tx: Transaction,
  id: string,
  receiverCustomerInfo: Record<string, string> | null,
  now: Date,
): Promise<TransactionRow | undefined> {
  const [waiting] = await tx
    .select({ destinationAccountId: transactions.destinationAccountId })
    .from(transactions)
    .where(eq(transactions.id, id));
  const deleted = waiting?.destinationAccountId
    ? await deletedOwnerOf(tx, waiting.destinationAccountId)
    : undefined;
  if (deleted) {
    // Nobody can spend from a deleted customer's account: the payment fails rather than put money there.
    return endIncoming(
      tx,
      id,
      {
        status: "FAILED",
        failureReason: "OFFRAMP_FAILED",
        reason: `The receiver, customer ${deleted}, was deleted while the payment waited.`,
      },
      now,
    );
  }
  const row = await transition(
    tx,
    id,
    ["PENDING"],
    { status: "COMPLETED", settledAt: now, receiverCustomerInfo, nextStepAt: null },
    now,
    awaitingApproval(now),
  );
  if (!row?.destinationAccountId || row.receivedAmount === null) return row;
  await moveMoney(tx, {
    transactionId: row.id,
    legs: [
      {
        account: `uma:${row.senderUmaAddress}`,
        currencyCode: row.destinationCurrency,
        amount: -row.receivedAmount,
      },
      {
        account: row.destinationAccountId,
        currencyCode: row.destinationCurrency,
        amount: row.receivedAmount,
      },
    ],
    now,
  });
  await announceTransaction(tx, row, now);
  return row;
}

async function endIncoming(
  tx: Transaction,
  id: string,
  changes: {
    status: "REJECTED" | "FAILED";
    failureReason?: TransactionRow["failureReason"];
    reason: string | null;
  },
  now: Date,
): Promise<TransactionRow | undefined> {
  const row = await transition(
    tx,
    id,
    ["PENDING"],
    {
      status: changes.status,
      failureReason: changes.failureReason ?? null,
      rejectionReason: changes.reason,
      nextStepAt: null,
    },
    now,
    awaitingApproval(now),
  );
  if (row) await announceTransaction(tx, row, now);
  return row;
}

const notPending = (id: string, status: string) =>
  new ApiError(
    409,
    "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
    `Transaction ${id} is not waiting for the platform's approval (status ${status}).`,
    { status },
  );

/** Loads a payment for approve/reject; one already past its deadline is failed first, then refused. */
async function requirePendingApproval(context: ServiceContext, id: string): Promise<TransactionRow> {
  if (!(await findTransaction(context.db, id))) {
    // A quote's transaction exists, CREATED, from the moment the quote does (GET answers it): not pending, not 404.
    const planned = await findQuoteTransaction(context, id);
    if (planned) throw notPending(id, planned.status);
  }
  let row = await requireTransaction(context.db, id);
  const now = context.clock.now();
  if (row.status === "PENDING" && row.approvalDeadline && row.approvalDeadline.getTime() <= now.getTime()) {
    await takeDueStep(context, id);
    row = await requireTransaction(context.db, id);
  }
  if (row.type !== "INCOMING" || !row.senderUmaAddress || row.status !== "PENDING") {
    throw notPending(id, row.status);
  }
  return row;
}

function missingMandatory(
  requested: TransactionRow["requestedReceiverCustomerInfoFields"],
  info: Record<string, unknown>,
): string[] {
  return (requested ?? [])
    .filter((field) => field.mandatory && (info[field.name] === undefined || info[field.name] === ""))
    .map((field) => field.name);
}

/** POST /transactions/{id}/approve: of concurrent deciders exactly one wins; the rest get 409. */
export async function approveTransaction(context: ServiceContext, id: string, body: ApproveTransactionBody) {
  const pending = await requirePendingApproval(context, id);
  const info: Record<string, string> = { ...body.receiverCustomerInfo };
  const missing = missingMandatory(pending.requestedReceiverCustomerInfoFields, info);
  if (missing.length > 0) {
    throw new ApiError(
      400,
      "MISSING_MANDATORY_USER_INFO",
      `The sender requires ${missing.join(", ")} in receiverCustomerInfo.`,
      { fields: missing.map((name) => ({ path: `receiverCustomerInfo.${name}`, message: "Required" })) },
    );
  }
  const now = context.clock.now();
  const row = await context.db.transaction((tx) =>
    completeIncoming(tx, id, Object.keys(info).length > 0 ? info : null, now),
  );
  if (!row) throw notPending(id, (await requireTransaction(context.db, id)).status);
  if (row.status !== "COMPLETED") {
    throw new ApiError(
      409,
      "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
      `Transaction ${id} could not be approved: ${row.rejectionReason ?? "it failed"} It is ${row.status} now.`,
      { status: row.status, reason: row.rejectionReason },
    );
  }
  return presentTransaction(row);
}

/** POST /transactions/{id}/reject. */
export async function rejectTransaction(context: ServiceContext, id: string, body: RejectTransactionBody) {
  await requirePendingApproval(context, id);
  const now = context.clock.now();
  const row = await context.db.transaction((tx) =>
    endIncoming(tx, id, { status: "REJECTED", reason: body.reason ?? null }, now),
  );
  if (!row) throw notPending(id, (await requireTransaction(context.db, id)).status);
  return presentTransaction(row);
}

function parseJson(text: string | null): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The platform's answer to a PENDING INCOMING_PAYMENT is its decision (api-notes §3): 200 approves (with the
 * mandatory receiver fields), 403 rejects, 202 defers to approve/reject before the deadline, 409 means the
 * platform already has it. 422 asks for more about the sender: the sandbox sender supplies the named fields
 * and the approval request is sent again; asking for nothing the sender can add fails the payment with
 * PAY_REQUEST_FAILED. Any other answer, or none, fails it with PAYMENT_APPROVAL_WEBHOOK_ERROR. With no webhook
 * endpoint configured nobody was asked, so the payment keeps waiting for approve/reject or its deadline.
 */
export async function handleApprovalReply(
  context: ServiceContext,
  event: { type: string; transactionId: string | null },
  result: AttemptResult,
): Promise<void> {
  if (event.type !== "INCOMING_PAYMENT" || !event.transactionId) return;
  const id = event.transactionId;
  await context.clock.refresh();
  const now = context.clock.now();
  const [row] = await context.db.select().from(transactions).where(eq(transactions.id, id));
  if (row?.status !== "PENDING" || !row.senderUmaAddress) return;
  const sender = findSandboxSender(row.senderUmaAddress);
  if (sender?.outcome === "STAYS_PENDING") return;
  if (result.statusCode === null && !result.url) return;

  const fail = (failureReason: TransactionRow["failureReason"], reason: string) =>
    context.db.transaction((tx) => endIncoming(tx, id, { status: "FAILED", failureReason, reason }, now));
  const body = parseJson(result.responseBody);

  switch (result.statusCode) {
    case 200: {
      const reply = approveIncomingPaymentReplySchema.safeParse(body ?? {});
      const info = userInfoInputSchema.safeParse(
        reply.success ? (reply.data.receiverCustomerInfo ?? {}) : {},
      );
      if (!reply.success || !info.success) {
        await fail(
          "PAYMENT_APPROVAL_WEBHOOK_ERROR",
          "The approval reply's receiverCustomerInfo is not valid.",
        );
        return;
      }
      const given: Record<string, string> = { ...info.data };
      const missing = missingMandatory(row.requestedReceiverCustomerInfoFields, given);
      if (missing.length > 0) {
        await fail("MISSING_MANDATORY_PAYEE_DATA", `The approval did not include ${missing.join(", ")}.`);
        return;
      }
      await context.db.transaction((tx) =>
        completeIncoming(tx, id, Object.keys(given).length > 0 ? given : null, now),
      );
      return;
    }
    case 403: {
      const reply = rejectIncomingPaymentReplySchema.safeParse(body ?? {});
      const reason = reply.success ? (reply.data.reason ?? reply.data.message ?? null) : null;
      await context.db.transaction((tx) => endIncoming(tx, id, { status: "REJECTED", reason }, now));
      return;
    }
    case 202:
    case 409:
      return;
    case 422: {
      const reply = requestSenderInfoReplySchema.safeParse(body);
      const known = row.counterpartyInformation ?? {};
      const added =
        reply.success && sender
          ? senderData(
              sender,
              reply.data.requiredFields.filter((f) => !(f in known)),
            )
          : {};
      if (Object.keys(added).length === 0) {
        await fail("PAY_REQUEST_FAILED", "The platform asked for sender data the sender cannot add.");
        return;
      }
      await context.db.transaction(async (tx) => {
        const updated = await transition(
          tx,
          id,
          ["PENDING"],
          { status: "PENDING", counterpartyInformation: { ...known, ...added } },
          now,
          awaitingApproval(now),
        );
        if (updated) await requestApproval(tx, updated, now);
      });
      return;
    }
    default:
      await fail(
        "PAYMENT_APPROVAL_WEBHOOK_ERROR",
        result.statusCode === null
          ? `The webhook endpoint gave no answer: ${result.error ?? "unknown error"}.`
          : `The webhook endpoint answered ${result.statusCode}.`,
      );
  }
}
