import "server-only";
import { ApiError } from "../../../shared/api-error";
import { type Customer, customerListSchema } from "../../../shared/contract";
import {
  type CustomerChoice,
  type CustomerSearchResult,
  customerChoice,
  customerMatchRank,
  MATCH_RANKS,
  type MatchRank,
  matchesCustomer,
} from "../../universal/names/customer-matches";
import { readApi, walkPages } from "../payment-api/read";
import { customerById } from "./customer-by-id";
import { type OlderCustomers, olderCustomersNamed } from "./older-customers";

/**
 * The API filters customers by whole identifiers only, so words (a name, part of an email) are matched here
 * against the newest customers, up to this many; the answer says when older ones were not searched.
 */
export const MAX_SEARCHED = 2_000;
export const MAX_RESULTS = 20;

async function byFilter(filter: "platformCustomerId" | "umaAddress", value: string): Promise<Customer[]> {
  try {
    const query = new URLSearchParams({ [filter]: value, limit: String(MAX_RESULTS) });
    return (await readApi(`/customers?${query}`, customerListSchema)).data;
  } catch (error) {
    // A value the API refuses as that kind of identifier is simply not one.
    if (error instanceof ApiError && error.status === 400) return [];
    throw error;
  }
}

/**
 * The customers the text names whole, however old: its `Customer:` id, its UMA address (with or without the `$`), or
 * the platform's own id, as the API answers them now (deleted ones too: the caller filters). The API finds these by
 * itself, so no search of words is needed to reach them.
 */
export async function customersByIdentifier(text: string): Promise<Customer[]> {
  const exact: Customer[] = [];
  if (text.startsWith("Customer:")) {
    const found = await customerById(text);
    if (found) exact.push(found);
  } else if (/^\$?[^\s@]+@[^\s@]+$/.test(text)) {
    exact.push(
      ...(await byFilter("umaAddress", text.startsWith("$") ? text.toLowerCase() : `$${text.toLowerCase()}`)),
    );
  }
  exact.push(...(await byFilter("platformCustomerId", text)));
  return exact;
}

/** Checks the query text: 1 to 200 characters after trimming, else a 400 naming `q`. */
export function parseSearchText(raw: string | null): string {
  const text = (raw ?? "").trim();
  if (text.length === 0 || text.length > 200) {
    throw new ApiError(400, "INVALID_INPUT", "Type 1 to 200 characters to search customers.", {
      fields: [{ path: "q", message: "Type 1 to 200 characters." }],
    });
  }
  return text;
}

/**
 * Customers matching the text: exact identifiers first (a `Customer:` id, a UMA address, the platform's own id),
 * then customers whose name, email, address or ids contain every word: those whose name begins with the text
 * first, then those with a name's word beginning with each word, then the rest, each newest first. The newest
 * customers are looked through until `limit` of the best kind are found, or up to MAX_SEARCHED.
 */
export async function searchCustomers(text: string, limit = 10): Promise<CustomerSearchResult> {
  const exact = await customersByIdentifier(text);

  const seen = new Set<string>();
  const first: CustomerChoice[] = [];
  for (const customer of exact) {
    if (seen.has(customer.id) || first.length >= limit) continue;
    seen.add(customer.id);
    first.push(customerChoice(customer));
  }
  const ranked: Record<MatchRank, CustomerChoice[]> = { "name-starts": [], "word-starts": [], contains: [] };
  const best = () => first.length + ranked["name-starts"].length;

  let oldestRead: string | null = null;
  let searched = 0;
  let complete = true;
  for await (const page of walkPages("/customers", new URLSearchParams(), customerListSchema, {
    maxItems: MAX_SEARCHED,
  })) {
    searched += page.data.length;
    complete = !page.hasMore;
    for (const customer of page.data) {
      oldestRead = customer.createdAt;
      const choice = customerChoice(customer);
      if (seen.has(choice.id) || !matchesCustomer(choice, text)) continue;
      seen.add(choice.id);
      ranked[customerMatchRank(choice, text)].push(choice);
    }
    if (best() >= limit) break;
  }
  let older: OlderCustomers | undefined;
  if (!complete && best() < limit) {
    // Older customers, by the beginnings of their names' words: each one found ranks after the newer ones of its kind.
    older = await olderCustomersNamed(text, {
      notAfter: oldestRead === null ? null : new Date(oldestRead),
      excluding: seen,
      keep: (customer) => customer.isDeleted !== true && matchesCustomer(customerChoice(customer), text),
      max: limit,
    });
    for (const customer of older.customers) {
      const choice = customerChoice(customer);
      ranked[customerMatchRank(choice, text)].push(choice);
    }
  }
  const data = [...first, ...MATCH_RANKS.flatMap((rank) => ranked[rank])].slice(0, limit);
  return {
    data,
    searched,
    complete,
    ...(older ? { older: { found: older.customers.length, complete: older.complete } } : {}),
  };
}
