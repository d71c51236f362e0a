import type { Customer, CustomerList } from "../../../shared/contract";
import { formatCount } from "../intl/count";
import { customerName } from "./labels";

/** A customer as a picker lists it. */
export type CustomerChoice = {
  id: string;
  name: string;
  platformCustomerId: string;
  customerType: Customer["customerType"];
  kycStatus: string;
  /**
   * The first email the customer's record holds. The API keeps emails only for a business's people (its
   * beneficial owners, officers…), not for an individual customer.
   */
  emailAddress?: string | undefined;
  umaAddress?: string | undefined;
  /** The names and emails of a business's people, which a search matches too. */
  people?: string[] | undefined;
};

/**
 * Customers older than the newest ones a search read, found by the beginnings of the words of their names, emails
 * and UMA addresses (decision 0095): how many, and whether that was every such customer (false while the console has
 * not yet read every customer, or when more matched than a search reads).
 */
export type OlderByName = { found: number; complete: boolean };

/**
 * How far a customer search by words read, as the end of a sentence (" among the newest 2,000"), or "" when it read
 * every customer.
 */
export function searchReach(answer: {
  searched: number;
  complete: boolean;
  older?: OlderByName | undefined;
}): string {
  if (answer.complete) return "";
  const newest = ` among the newest ${formatCount(answer.searched)}`;
  if (!answer.older) return newest;
  return `${newest} and, by name, email or UMA address, ${answer.older.complete ? "the older ones" : "some older ones"}`;
}

/**
 * GET /api/customers/search. `complete` is false when the search stopped at its bound before the oldest; `older` is
 * there when older customers were then looked for by name, email or UMA address.
 */
export type CustomerSearchResult = {
  data: CustomerChoice[];
  searched: number;
  complete: boolean;
  older?: OlderByName | undefined;
};

/**
 * GET /api/customers/matching: a page of the customer list narrowed by words, and how many of the newest customers
 * were looked through; `complete` is false when that stopped before the oldest (then no `totalCount`), and `older`
 * says what a search of older customers' names found.
 */
export type MatchingCustomers = CustomerList & {
  searched: number;
  complete: boolean;
  older?: OlderByName | undefined;
};

export function customerChoice(customer: Customer): CustomerChoice {
  const owners = customer.customerType === "BUSINESS" ? (customer.beneficialOwners ?? []) : [];
  const emails = owners.map((owner) => owner.emailAddress).filter((email): email is string => !!email);
  const people = owners.flatMap((owner) => [owner.fullName, owner.emailAddress ?? ""]).filter(Boolean);
  return {
    id: customer.id,
    name: customerName(customer),
    platformCustomerId: customer.platformCustomerId,
    customerType: customer.customerType,
    kycStatus: String(customer.kycStatus),
    emailAddress: emails[0],
    umaAddress: customer.umaAddress || undefined,
    ...(people.length > 0 ? { people } : {}),
  };
}

/** "ada@example.com · ada-001": what tells two customers of the same name apart. */
export function customerChoiceDetail(choice: CustomerChoice): string {
  return [
    choice.emailAddress,
    choice.platformCustomerId !== choice.name ? choice.platformCustomerId : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * Folds case, accents and the apostrophe's typographic forms, so "jose" finds "José" and "O’Brien" (as a phone or a
 * Mac types it) finds "O'Brien".
 */
function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u2018\u2019\u02BC\u2032\u0060\u00B4]/g, "'")
    .toLowerCase();
}

/**
 * Whether every word of the query is found in the customer's name, UMA address, platform id or id, or the names
 * and emails of a business's people, so "ada love" finds Ada Lovelace and "ada@" the business she runs.
 */
export function matchesCustomer(choice: CustomerChoice, query: string): boolean {
  const haystack = fold(
    [choice.name, choice.umaAddress, choice.platformCustomerId, choice.id, ...(choice.people ?? [])]
      .filter(Boolean)
      .join(" "),
  );
  const words = fold(query).split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((word) => haystack.includes(word));
}

/**
 * The words of a name as a search finds them by their beginnings: folded, split at every character that is neither a
 * letter nor a digit ("O'Brien-Smith" → o, brien, smith), each once.
 */
export function nameWords(text: string): string[] {
  return [
    ...new Set(
      fold(text)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ];
}

/** How well a customer matched by `matchesCustomer` fits the query, best first: what a picker lists first. */
export const MATCH_RANKS = ["name-starts", "word-starts", "contains"] as const;
export type MatchRank = (typeof MATCH_RANKS)[number];

/**
 * "name-starts" when the customer's name begins with the query ("ana" for Ana María López), "word-starts" when
 * every word of the query begins a word of the name or of a business's people's names ("lop" for her too),
 * else "contains" (found inside a word, an address or an id: "ana" in Kenji Tanaka). A person who types part of a
 * name and presses Enter gets the one whose name it begins.
 */
export function customerMatchRank(choice: CustomerChoice, query: string): MatchRank {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const name = fold(choice.name);
  if (name.startsWith(words.join(" "))) return "name-starts";
  const wordsOfNames = [choice.name, ...(choice.people ?? [])].flatMap(nameWords);
  return words.every((word) => wordsOfNames.some((each) => each.startsWith(word)))
    ? "word-starts"
    : "contains";
}
