import type { PolicyFacts } from "./evaluate";
import { velocityKey } from "./evaluate";
import type { Clause, PolicyDocument } from "./rules";

type VelocityClause = Extract<Clause, { kind: "velocity" }>;

/** What a PENDING INCOMING_PAYMENT webhook says about the payment, read leniently from its payload. */
export interface IncomingPayment {
  transactionId: string;
  customerId?: string;
  senderAddress?: string;
  receiving?: { amount: number; currency: string };
  sending?: { amount: number; currency: string };
  counterparty: Record<string, string>;
  requestedFields: { name: string; mandatory: boolean }[];
  /**
   * How the sender screened when the payment arrived (screening runs before the policies, issue 48): clear (no open
   * potential match, not failed) and the best score in percent. Absent when it was not screened.
   */
  screening?: { clear: boolean; bestScore: number };
}

/** The recipient customer as the facts need it (from the payment API's customer record). */
export interface RecipientRecord {
  customerType: "INDIVIDUAL" | "BUSINESS";
  kycStatus: string;
  createdAt: string;
}

/** Where the facts come from: the recipient's record and the velocity figures (as of `at`, excluding `payment`). */
export interface FactSources {
  recipient(customerId: string): Promise<RecipientRecord | null>;
  velocity(clause: VelocityClause, payment: IncomingPayment, at: Date): Promise<number>;
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

function amountOf(value: unknown): { amount: number; currency: string } | undefined {
  const amount = record(value);
  const currency = text(record(amount?.currency)?.code);
  if (!amount || !currency || !Number.isSafeInteger(amount.amount)) return undefined;
  return { amount: amount.amount as number, currency };
}

/** Reads the payment from a webhook payload; null when it carries no transaction id. */
export function incomingPaymentOf(payload: Record<string, unknown>): IncomingPayment | null {
  const transaction = record(payload.transaction);
  const transactionId = text(transaction?.id);
  if (!transaction || !transactionId) return null;
  const counterparty = Object.fromEntries(
    Object.entries(record(transaction.counterpartyInformation) ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
  const requested = Array.isArray(payload.requestedReceiverCustomerInfoFields)
    ? payload.requestedReceiverCustomerInfoFields.flatMap((field) => {
        const name = text(record(field)?.name);
        return name ? [{ name, mandatory: record(field)?.mandatory === true }] : [];
      })
    : [];
  const senderAddress = text(record(transaction.source)?.umaAddress)?.toLowerCase();
  const customerId = text(transaction.customerId);
  const receiving = amountOf(transaction.receivedAmount);
  const sending = amountOf(transaction.sentAmount);
  return {
    transactionId,
    ...(customerId ? { customerId } : {}),
    ...(senderAddress ? { senderAddress } : {}),
    ...(receiving ? { receiving } : {}),
    ...(sending ? { sending } : {}),
    counterparty,
    requestedFields: requested,
  };
}

/** The sender's UMA domain: what follows the last "@", lower case. */
export function domainOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const at = address.lastIndexOf("@");
  return at >= 0 && at < address.length - 1 ? address.slice(at + 1).toLowerCase() : undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The facts the document's clauses need about this payment, as of `at` (its arrival): the amounts and sender from
 * the webhook, the recipient's type, KYC status and account age from its customer record (as the API has it now:
 * it keeps no history of them), and each velocity figure once. Nothing a clause does not ask for is read.
 */
export async function gatherFacts(
  document: PolicyDocument,
  payment: IncomingPayment,
  at: Date,
  sources: FactSources,
): Promise<PolicyFacts> {
  const clauses = document.rules.flatMap((rule) => rule.when);
  const kinds = new Set(clauses.map((clause) => clause.kind));
  const facts: PolicyFacts = {};
  const sides = new Set(
    clauses.flatMap((clause) =>
      clause.kind === "amount" || clause.kind === "currency" ? [clause.side] : [],
    ),
  );
  for (const side of sides) {
    const amount = payment[side];
    if (amount) facts[side] = amount;
  }
  if (kinds.has("senderDomain") || kinds.has("senderAllowListed")) {
    const domain = domainOf(payment.senderAddress);
    if (payment.senderAddress) facts.senderAddress = payment.senderAddress;
    if (domain) facts.senderDomain = domain;
  }
  const fields = new Set(
    clauses.flatMap((clause) =>
      clause.kind === "counterpartyField" || clause.kind === "counterpartyValue" ? [clause.field] : [],
    ),
  );
  if (fields.size > 0) {
    facts.counterparty = Object.fromEntries(
      [...fields].flatMap((field) => {
        const value = payment.counterparty[field];
        return value === undefined ? [] : [[field, value]];
      }),
    );
  }
  const velocityClauses = clauses.filter((clause): clause is VelocityClause => clause.kind === "velocity");
  const unique = new Map(velocityClauses.map((clause) => [velocityKey(clause), clause]));
  const [recipient, figures] = await Promise.all([
    kinds.has("recipientType") || kinds.has("recipientKyc") || kinds.has("recipientAgeDays")
      ? payment.customerId
        ? sources.recipient(payment.customerId)
        : null
      : undefined,
    Promise.all(
      [...unique].map(async ([key, clause]) => [key, await sources.velocity(clause, payment, at)] as const),
    ),
  ]);
  if (recipient) {
    const created = Date.parse(recipient.createdAt);
    facts.recipient = {
      ...(kinds.has("recipientType") ? { type: recipient.customerType } : {}),
      ...(kinds.has("recipientKyc") ? { kycStatus: recipient.kycStatus } : {}),
      ...(kinds.has("recipientAgeDays") && Number.isFinite(created)
        ? { ageDays: Math.max(0, Math.floor((at.getTime() - created) / DAY_MS)) }
        : {}),
    };
  }
  if (figures.length > 0) facts.velocity = Object.fromEntries(figures);
  if ((kinds.has("screeningClear") || kinds.has("screeningScore")) && payment.screening)
    facts.screening = payment.screening;
  return facts;
}

/** A past pending payment as velocity counts it. */
export interface VelocityEntry {
  transactionId: string;
  receivedAt: Date;
  senderAddress?: string;
  customerId?: string;
  receiving?: { amount: number; currency: string };
}

/**
 * A velocity figure from a list of earlier pending payments: those of the same sender (or recipient) that arrived
 * in the `hours` before `at`, not counting this payment: how many, or their total received in the clause's
 * currency (this payment's receiving currency when the clause names none).
 */
export function velocityFrom(
  clause: VelocityClause,
  payment: IncomingPayment,
  at: Date,
  history: readonly VelocityEntry[],
): number {
  const from = at.getTime() - clause.hours * 60 * 60 * 1000;
  const key = clause.per === "sender" ? payment.senderAddress : payment.customerId;
  if (!key) return 0;
  const currency = clause.currency ?? payment.receiving?.currency;
  const seen = new Set<string>();
  let count = 0;
  let total = 0;
  for (const entry of history) {
    const time = entry.receivedAt.getTime();
    if (time < from || time >= at.getTime() || entry.transactionId === payment.transactionId) continue;
    if ((clause.per === "sender" ? entry.senderAddress : entry.customerId) !== key) continue;
    if (seen.has(entry.transactionId)) continue;
    seen.add(entry.transactionId);
    count++;
    if (entry.receiving && entry.receiving.currency === currency) total += entry.receiving.amount;
  }
  return clause.measure === "count" ? count : total;
}
