import { idPrefixes } from "../../../shared/contract/limits";
import { parseUmaAddress } from "../../../shared/contract/uma-address-format";

/**
 * What the console's search does with what a person typed. The payment API finds records by whole identifiers
 * only, so the text is read as the identifier it looks like: an id of the API's `<Prefix>:<id>` form, a UMA
 * address, or a platform customer id or payment reference; and any other text as words of a customer's name or
 * email too, searched on the console's server as the customer pickers search (GET /api/customers/search). Pages
 * match by name.
 */

/** A lookup against the payment API whose answer is shown as records to open. */
export type SearchLookup =
  | { kind: "transaction"; id: string }
  | { kind: "customer"; id: string }
  | { kind: "quote"; id: string }
  | { kind: "customers"; filter: "platformCustomerId" | "umaAddress"; value: string }
  | { kind: "transactions"; filter: "reference"; value: string }
  /** Customers whose name or email holds every word (GET /api/customers/search), case and accents folded. */
  | { kind: "customerNames"; text: string };

/** A list the text filters, offered as a link rather than looked up. */
export type SearchLink = { label: string; detail: string; href: string };

export interface SearchPlan {
  lookups: SearchLookup[];
  links: SearchLink[];
  /** Why nothing is looked up, or what else to try, when that needs saying. */
  hint?: string;
}

/** Longer text is no identifier the API issues; it is not sent. */
export const MAX_SEARCH_LENGTH = 200;

/** Fewer characters than this are not searched as a name: one letter is in nearly every name. */
const MIN_NAME_SEARCH_LENGTH = 2;

/** "transaction:abc" → "Transaction:abc": the prefix as the API spells it, the id as typed. */
function canonicalId(text: string): { prefix: (typeof idPrefixes)[number]; id: string } | null {
  const colon = text.indexOf(":");
  if (colon <= 0 || colon === text.length - 1) return null;
  const typed = text.slice(0, colon).toLowerCase();
  const prefix = idPrefixes.find((candidate) => candidate.toLowerCase() === typed);
  return prefix ? { prefix, id: `${prefix}:${text.slice(colon + 1)}` } : null;
}

function listHref(path: string, params: Record<string, string>): string {
  return `${path}?${new URLSearchParams(params).toString()}`;
}

function paymentsThrough(identifier: string, what: string): SearchLink[] {
  return [
    {
      label: "Payments in and out of it",
      detail: `Transactions whose sender or receiver is ${what}`,
      href: listHref("/transactions", { accountIdentifier: identifier }),
    },
    {
      label: "Payments sent from it",
      detail: `Transactions whose sender is ${what}`,
      href: listHref("/transactions", { senderAccountIdentifier: identifier }),
    },
    {
      label: "Payments received into it",
      detail: `Transactions whose receiver is ${what}`,
      href: listHref("/transactions", { receiverAccountIdentifier: identifier }),
    },
  ];
}

export function searchPlan(input: string): SearchPlan {
  const text = input.trim();
  if (!text) return { lookups: [], links: [] };
  if (text.length > MAX_SEARCH_LENGTH) {
    return { lookups: [], links: [], hint: "That is longer than any identifier; paste a single id." };
  }

  const id = canonicalId(text);
  if (id && !/\s/.test(id.id)) {
    switch (id.prefix) {
      case "Transaction":
        return { lookups: [{ kind: "transaction", id: id.id }], links: [] };
      case "Customer":
        return { lookups: [{ kind: "customer", id: id.id }], links: [] };
      case "InternalAccount":
      case "ExternalAccount":
        return { lookups: [], links: paymentsThrough(id.id, "this account") };
      case "Quote":
        return { lookups: [{ kind: "quote", id: id.id }], links: [] };
      default:
        return {
          lookups: [],
          links: [],
          hint: `${id.prefix} ids cannot be looked up; search for a transaction, customer, quote or account id.`,
        };
    }
  }

  if (text.startsWith("$")) {
    const parsed = parseUmaAddress(text);
    if (!parsed.ok) return { lookups: [], links: [], hint: `${parsed.issue}.` };
    // UMA addresses are case-insensitive; the service keeps them in lower case.
    const { address } = parsed.value;
    return {
      lookups: [{ kind: "customers", filter: "umaAddress", value: address }],
      links: paymentsThrough(address, "this UMA address"),
    };
  }

  if (id) {
    return { lookups: [], links: [], hint: "Identifiers have no spaces; paste the id whole." };
  }

  const byName: SearchLookup[] =
    text.length >= MIN_NAME_SEARCH_LENGTH ? [{ kind: "customerNames", text: text.replace(/\s+/g, " ") }] : [];
  // Words with spaces are a name, never an identifier.
  if (/\s/.test(text)) return { lookups: byName, links: [] };

  return {
    lookups: [
      { kind: "customers", filter: "platformCustomerId", value: text },
      { kind: "transactions", filter: "reference", value: text },
      ...byName,
    ],
    links: [],
  };
}

/** The page entries whose name or keywords start a word with the text, in their navigation order. */
export function matchPages<T extends { label: string; keywords?: readonly string[] }>(
  input: string,
  pages: readonly T[],
): T[] {
  const text = input.trim().toLowerCase();
  if (!text) return [...pages];
  return pages.filter((page) =>
    [page.label, ...(page.keywords ?? [])].some((name) => {
      const lower = name.toLowerCase();
      return lower.startsWith(text) || lower.includes(` ${text}`);
    }),
  );
}
