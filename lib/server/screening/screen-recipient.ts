import "server-only";
import { ApiError } from "../../../shared/api-error";
import type { ExternalAccount } from "../../../shared/contract/accounts";
import { customerSchema } from "../../../shared/contract/customers";
import {
  type RecipientScreening,
  type ScreeningRecord,
  screeningLine,
} from "../../universal/screening/records";
import type { ScreeningQuery } from "../../universal/screening/types";
import { type AuditEntry, auditedAction } from "../audit/log";
import { searchExternalAccounts } from "../names/resolve";
import { readApi } from "../payment-api/read";
import { queryOfCustomer } from "./customer-query";
import { latestScreeningsOf, queryOfCounterparty, screenSubject, subjectKeyOf } from "./screen-subject";

/**
 * An external account by id (the platform's or a customer's, looked for among `ownerIds`' own too); null when there
 * is none; "unread" when it was not found but not every customer's account was read (a platform of more accounts
 * than the console reads to find one).
 */
async function findExternalAccount(
  accountId: string,
  ownerIds: readonly string[] | (() => Promise<readonly string[]>),
): Promise<ExternalAccount | null | "unread"> {
  const search = await searchExternalAccounts(new Set([accountId]), ownerIds);
  return search.found[0] ?? (search.everyAccountRead ? null : "unread");
}

/**
 * Who an external account pays, as screening reads it: the beneficiary its account information names (a person's
 * name, birth date and nationality, and a business's legal name: both when both are given), else the customer it
 * belongs to (their own account). Null when it names no one (a platform's account registered without a beneficiary).
 */
async function holderOf(account: ExternalAccount): Promise<ScreeningQuery | null> {
  const beneficiary = (account.accountInfo as { beneficiary?: Record<string, unknown> }).beneficiary;
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);
  if (beneficiary) {
    const info: Record<string, string> = {};
    const fullName = text(beneficiary.fullName);
    const legalName = text(beneficiary.legalName);
    if (fullName) info.FULL_NAME = fullName;
    if (legalName) info.BUSINESS_NAME = legalName;
    const birthDate = text(beneficiary.birthDate);
    const nationality = text(beneficiary.nationality);
    if (birthDate) info.BIRTH_DATE = birthDate;
    if (nationality) info.NATIONALITY = nationality;
    const query = queryOfCounterparty(info);
    if (query) return query;
  }
  if (!account.customerId) return null;
  const customer = await readApi(`/customers/${encodeURIComponent(account.customerId)}`, customerSchema);
  return queryOfCustomer(customer);
}

/**
 * An external account just created through the console, screened at once (so a listed holder is an alert before
 * anyone tries to pay them): stored as the account's latest screening. Nothing when it names no one.
 */
export async function screenNewRecipient(account: ExternalAccount): Promise<ScreeningRecord | null> {
  const query = await holderOf(account);
  return query ? screenSubject({ type: "recipient", id: account.id }, query) : null;
}

/**
 * The screening of the person or business an external account pays (issue 48, outgoing payments): the latest one
 * stored for the account while its holder's data is what was screened, else the holder screened now and stored, so compliance sees it in the alerts
 * queue and its dismissals and confirmations hold for the next payment. `"unnamed"` when the account names no one
 * to screen (no beneficiary and no customer, or a customer without a name): no money goes to it through the console,
 * since anyone's account could be registered as the platform's without a holder. Null when there is no such account.
 * `ownerIds`: customers who may own the account (the payment's sender), looked through when the account is older than
 * those the console reads. Throws when the account or its holder cannot be read (the caller fails closed): a 409
 * RECIPIENT_NOT_FOUND when the account was not found and not every account was read.
 */
export async function recipientScreening(
  accountId: string,
  ownerIds: readonly string[] | (() => Promise<readonly string[]>) = [],
): Promise<ScreeningRecord | "unnamed" | null> {
  const [stored, account] = await Promise.all([
    latestScreeningsOf("recipient", [accountId]).then((latest) => latest.get(accountId)),
    findExternalAccount(accountId, ownerIds),
  ]);
  if (account === "unread" && !stored) {
    // Not found, and not known not to exist: without its holder nothing may be paid to it (fail closed).
    throw new ApiError(
      409,
      "RECIPIENT_NOT_FOUND",
      "The console could not find this bank account among the newest customers' accounts or the sender's own, so it cannot screen its holder against the watchlists: nothing was sent. Look the account up on Send money under the customer it belongs to (that screens its holder), then pay it.",
      { accountId },
    );
  }
  if (!account || account === "unread") return stored ?? null;
  const query = await holderOf(account);
  if (!query) return "unnamed";
  // The holder as they are now: a customer whose record changed since (renamed, another birth date) is screened
  // again, so a clear result about someone else's data never lets money through.
  if (stored && subjectKeyOf(stored.query) === subjectKeyOf(query)) return stored;
  return screenSubject({ type: "recipient", id: accountId }, query);
}

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/**
 * POST /api/screening/recipients: the holder of an external account a person is about to pay, screened (once: later
 * calls answer the stored screening, as the payment's gate will read it), audited, in one line.
 */
export async function screenRecipientFor(
  accountId: string,
  who: Who,
  customerIds: readonly string[] = [],
): Promise<RecipientScreening> {
  return auditedAction(
    { ...who, action: "screening.recipient", targetId: accountId, summary: {} },
    async (): Promise<RecipientScreening> => {
      const found = await recipientScreening(accountId, customerIds);
      const record = found === "unnamed" ? null : found;
      return {
        accountId,
        screening: record
          ? {
              id: record.id,
              subjectName: record.subjectName,
              status: record.status,
              line: screeningLine(record),
              screenedAt: record.screenedAt,
            }
          : null,
      };
    },
    (result) => ({ summary: { status: result.screening?.status ?? "names no one" } }),
  );
}
