import type { LucideIcon } from "lucide-react";
import { CUSTOMER_TYPE_LABELS, customerDisplayName } from "@/components/customers/customer-labels";
import { customerHref, quoteHref, transactionHref } from "@/components/transactions/links";
import { quoteWasExecuted } from "@/lib/client/api/quotes";
import { lookupListHref, type SearchAnswer } from "@/lib/client/search/search-queries";
import { formatMinorUnits } from "@/lib/universal/money/format";
import {
  quoteCounterparty,
  quoteCustomer,
  quotePartiesText,
  transactionCustomer,
  transactionCustomerText,
} from "@/lib/universal/names/counterparty";
import { type CustomerChoice, type OlderByName, searchReach } from "@/lib/universal/names/customer-matches";
import type { NamedRecord } from "@/lib/universal/names/labels";
import type { SearchLink, SearchLookup } from "@/lib/universal/search/search-plan";
import type { Customer, Quote, Transaction } from "@/shared/contract";

export type SearchGroup = "Customers" | "Transactions" | "Quotes" | "Lists" | "Pages";

/** An area of the console as the search offers it. */
export type SearchablePage = {
  label: string;
  href: string;
  icon?: LucideIcon;
  keywords?: readonly string[];
  /** Why the role cannot open it; absent when it can. */
  refusal?: string;
};

/** One choice in the search's list: what it is, in words, and where Enter takes the person. */
export interface SearchOption {
  key: string;
  group: SearchGroup;
  title: string;
  detail: string;
  href: string;
  /** A payment or KYC status, shown as its badge. */
  status?: string;
  deleted?: boolean;
  /** Why the signed-in role cannot open it; the option is shown, disabled, with this as its detail. */
  refusal?: string;
  /** Set for records, whose detail lists ids. */
  mono?: boolean;
  icon?: LucideIcon;
}

function transactionTitle(transaction: Transaction): string {
  const amount =
    transaction.type === "INCOMING"
      ? (transaction.receivedAmount ?? transaction.sentAmount)
      : (transaction.sentAmount ?? transaction.receivedAmount);
  const direction = transaction.type === "INCOMING" ? "Incoming" : "Outgoing";
  return amount ? `${direction} ${formatMinorUnits(amount.amount, amount.currency)}` : `${direction} payment`;
}

/** Names found for the ids of a search's records (GET /api/names), empty until they are. */
type Names = Readonly<Record<string, NamedRecord>>;

/** The customer and account ids the search's records name, to be named as the lists name them. */
export function idsOfAnswer(answer: SearchAnswer): string[] {
  const parties =
    answer.kind === "quotes"
      ? answer.records.flatMap((quote) => [quoteCustomer(quote), quoteCounterparty(quote)])
      : answer.kind === "transactions"
        ? answer.records.map(transactionCustomer)
        : [];
  return parties.flatMap((party) => (party.kind === "ref" ? [party.id] : []));
}

export function transactionOption(transaction: Transaction, names: Names = {}): SearchOption {
  return {
    key: transaction.id,
    group: "Transactions",
    title: transactionTitle(transaction),
    detail: `${transaction.type === "INCOMING" ? "to" : "from"} ${transactionCustomerText(transaction, names)} · ${transaction.id}`,
    href: transactionHref(transaction.id),
    status: transaction.status,
    mono: true,
  };
}

/**
 * A customer found by name or email: the name, then what tells two of the same name apart (the email the record
 * holds, the platform's id for them, their UMA address); Enter opens their page.
 */
export function customerChoiceOption(choice: CustomerChoice): SearchOption {
  const parts = [CUSTOMER_TYPE_LABELS[choice.customerType] ?? choice.customerType];
  if (choice.emailAddress) parts.push(choice.emailAddress);
  if (choice.platformCustomerId !== choice.name) parts.push(choice.platformCustomerId);
  if (choice.umaAddress) parts.push(choice.umaAddress);
  return {
    key: choice.id,
    group: "Customers",
    title: choice.name,
    detail: parts.join(" · "),
    href: customerHref(choice.id),
    status: choice.kycStatus,
    mono: true,
  };
}

export function customerOption(customer: Customer): SearchOption {
  const name = customerDisplayName(customer);
  const parts = [CUSTOMER_TYPE_LABELS[customer.customerType] ?? customer.customerType];
  if (name !== customer.platformCustomerId) parts.push(customer.platformCustomerId);
  if (customer.umaAddress) parts.push(customer.umaAddress);
  parts.push(customer.id);
  return {
    key: customer.id,
    group: "Customers",
    title: name,
    detail: parts.join(" · "),
    href: customerHref(customer.id),
    status: customer.kycStatus,
    deleted: customer.isDeleted === true,
    mono: true,
  };
}

/** A quote opens in the Quotes page's sheet; the payment it made, when it made one, is offered beside it. */
export function quoteOptions(quote: Quote, names: Names = {}): SearchOption[] {
  const sent = formatMinorUnits(quote.totalSendingAmount, quote.sendingCurrency);
  const received = formatMinorUnits(quote.totalReceivingAmount, quote.receivingCurrency);
  const options: SearchOption[] = [
    {
      key: quote.quoteId,
      group: "Quotes",
      title: `${sent} → ${received}`,
      // Who sends to whom first, as a transaction's line says whose it is: the id was pasted into the box already,
      // and the line may be cut at its end.
      detail: `${quotePartiesText(quote, names)} · ${quote.quoteId}`,
      href: quoteHref(quote.quoteId),
      status: quote.status,
      mono: true,
    },
  ];
  if (quote.transactionId && quoteWasExecuted(quote.status)) {
    options.push({
      key: quote.transactionId,
      group: "Transactions",
      title: "The payment this quote made",
      detail: quote.transactionId,
      href: transactionHref(quote.transactionId),
      mono: true,
    });
  }
  return options;
}

const FILTER_WORDS: Record<string, string> = {
  platformCustomerId: "platform customer id",
  umaAddress: "UMA address",
  reference: "reference",
};

/** The records a lookup found, then a link to the whole list when the preview holds only its start. */
export function answerOptions(lookup: SearchLookup, answer: SearchAnswer, names: Names = {}): SearchOption[] {
  const options =
    answer.kind === "customers"
      ? answer.records.map(customerOption)
      : answer.kind === "customerChoices"
        ? answer.records.map(customerChoiceOption)
        : answer.kind === "quotes"
          ? answer.records.flatMap((quote) => quoteOptions(quote, names))
          : answer.records.map((transaction) => transactionOption(transaction, names));
  const more = answer.hasMore ? lookupListHref(lookup) : undefined;
  if (more && (lookup.kind === "customers" || lookup.kind === "transactions")) {
    options.push({
      key: `more:${more}`,
      group: "Lists",
      title: `All ${lookup.kind} with this ${FILTER_WORDS[lookup.filter] ?? lookup.filter}`,
      detail: "More than shown here",
      href: more,
    });
  }
  return options;
}

export function linkOption(link: SearchLink): SearchOption {
  return {
    key: `link:${link.href}`,
    group: "Lists",
    title: link.label,
    detail: link.detail,
    href: link.href,
  };
}

export function pageOption(page: SearchablePage): SearchOption {
  return {
    key: `page:${page.href}`,
    group: "Pages",
    title: page.label,
    detail: page.refusal ?? "",
    href: page.href,
    ...(page.icon ? { icon: page.icon } : {}),
    ...(page.refusal ? { refusal: page.refusal } : {}),
  };
}

const GROUP_ORDER: readonly SearchGroup[] = ["Customers", "Quotes", "Transactions", "Lists", "Pages"];

/**
 * The order the groups are shown in: records first, unless the text also names a page. Then the page comes first,
 * so Enter opens it as it did before words were searched as names: "uma" opens UMA providers, not the first of the
 * customers whose UMA address holds it (an id or address names no page, so its record stays first).
 */
export function groupOrder(options: readonly SearchOption[]): readonly SearchGroup[] {
  const records = options.some((option) => option.group !== "Pages" && option.group !== "Lists");
  return records && options.some((option) => option.group === "Pages")
    ? ["Pages", ...GROUP_ORDER.filter((group) => group !== "Pages")]
    : GROUP_ORDER;
}

/** Options in display order, so the arrow keys move in the order the list shows them. */
export function ordered(options: readonly SearchOption[]): SearchOption[] {
  const seen = new Set<string>();
  return groupOrder(options)
    .flatMap((group) => options.filter((option) => option.group === group))
    .filter((option) => !seen.has(option.key) && seen.add(option.key));
}

/**
 * The search's one live region: read aloud always, and shown when the eye needs it too: a failure, an id that
 * matched no record (unless a page matched instead), or text that matched nothing at all.
 */
export function searchMessage({
  searching,
  failure,
  noRecordFor,
  byName = null,
  options,
  nothingToSay,
}: {
  searching: boolean;
  /** Why the lookups failed, or null. */
  failure: string | null;
  /** The identifier the lookups found nothing for, or null. */
  noRecordFor: string | null;
  /**
   * Whether the text was searched as a customer's name too (`only`: as nothing else), and how far: `complete`
   * false when only the newest `searched` customers were read. Null when it was not.
   */
  byName?: { only: boolean; searched: number; complete: boolean; older?: OlderByName | undefined } | null;
  options: readonly SearchOption[];
  /** No text, or text the plan already explains (its hint): "Nothing matches" would add nothing. */
  nothingToSay: boolean;
}): { text: string; shown: boolean } {
  if (searching) return { text: "Searching…", shown: false };
  if (failure) return { text: `The search could not finish: ${failure}`, shown: true };
  const count = options.length > 0 ? `${options.length} result${options.length === 1 ? "" : "s"}.` : "";
  if (noRecordFor !== null) {
    const among = byName ? searchReach(byName) : "";
    const noRecord = !byName
      ? `No customer, transaction or quote has the identifier “${noRecordFor}”.`
      : byName.only
        ? `No customer's name or email matches “${noRecordFor}”${among}.`
        : `No customer, transaction or quote has the identifier “${noRecordFor}”, and no customer's name or email matches it${among}.`;
    const pageMatched = options.some((option) => option.group === "Pages");
    return pageMatched ? { text: `${count} ${noRecord}`, shown: false } : { text: noRecord, shown: true };
  }
  if (count) return { text: count, shown: false };
  return nothingToSay ? { text: "", shown: false } : { text: "Nothing matches.", shown: true };
}
