import "server-only";
import { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import {
  type Customer,
  type CustomerList,
  customerListSchema,
  listCustomersQuerySchema,
} from "../../../shared/contract";
import {
  customerChoice,
  type MatchingCustomers,
  matchesCustomer,
} from "../../universal/names/customer-matches";
import { walkPages } from "../payment-api/read";
import { customersByIdentifier, MAX_SEARCHED } from "./customer-search";
import {
  newestFirst,
  type OlderCustomers,
  olderCustomersNamed,
  passesCustomerFilters,
} from "./older-customers";

/** Where a page of matches starts: its position among them. */
const POSITION = /^[0-9]{1,5}$/;

/**
 * GET /api/customers/matching's query: the words, and the customer list's own filters (the API's, checked as the
 * API checks them, and passed to it).
 */
export const matchingCustomersQuerySchema = listCustomersQuerySchema.omit({ cursor: true }).extend({
  q: z
    .string()
    .trim()
    .min(1, "Type 1 to 200 characters")
    .max(200, "Type 1 to 200 characters")
    .refine((text) => text.split(/\s+/).length <= 20, "At most 20 words"),
  cursor: z.string().regex(POSITION, "Not a cursor of this list").optional(),
});
export type MatchingCustomersQuery = z.infer<typeof matchingCustomersQuerySchema>;

/**
 * The customers, newest first, whose name, email, UMA address or ids hold every word, as the customer list shows
 * them, a page at a time. The API filters customers by whole identifiers only, so the words are matched here against
 * the newest MAX_SEARCHED customers the list's other filters select; `complete` says whether that reached the
 * oldest, and the count of matches is given only when it did. When it did not, older customers a word of whose name
 * begins with each word follow (olderCustomersNamed), and `older` says how many and whether that was all of them.
 */
export async function matchingCustomers(query: MatchingCustomersQuery): Promise<MatchingCustomers> {
  const { q, cursor, limit, isIncludingDeleted, ...filters } = query;
  const apiFilters = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  if (isIncludingDeleted) apiFilters.set("isIncludingDeleted", "true");
  const matches: CustomerList["data"] = [];
  const read = new Set<string>();
  let oldestRead: string | null = null;
  let searched = 0;
  let complete = true;
  for await (const page of walkPages("/customers", apiFilters, customerListSchema, {
    maxItems: MAX_SEARCHED,
  })) {
    searched += page.data.length;
    complete = !page.hasMore;
    for (const customer of page.data) {
      read.add(customer.id);
      oldestRead = customer.createdAt;
      if (matchesCustomer(customerChoice(customer), q)) matches.push(customer);
    }
  }
  let older: OlderCustomers | undefined;
  if (!complete) {
    const keep = (customer: Customer) =>
      passesCustomerFilters(customer, { ...filters, isIncludingDeleted }) &&
      matchesCustomer(customerChoice(customer), q);
    const [named, exact] = await Promise.all([
      olderCustomersNamed(q, {
        notAfter: oldestRead === null ? null : new Date(oldestRead),
        excluding: read,
        keep,
      }),
      // A whole identifier (a `Customer:` id pasted from a payment, a UMA address) finds its customer however old,
      // before the sweep has read it too.
      customersByIdentifier(q),
    ]);
    const found = new Map(named.customers.map((customer) => [customer.id, customer]));
    for (const customer of exact) {
      if (!read.has(customer.id) && !found.has(customer.id) && keep(customer))
        found.set(customer.id, customer);
    }
    older = { customers: [...found.values()].sort(newestFirst), complete: named.complete };
    matches.push(...older.customers);
  }
  const start = cursor === undefined ? 0 : Number(cursor);
  if (start > matches.length) {
    throw new ApiError(400, "INVALID_INPUT", "The cursor is past the end of the matches: search again.", {
      fields: [{ path: "cursor", message: "Past the end of the matches" }],
    });
  }
  const end = start + limit;
  return {
    data: matches.slice(start, end),
    hasMore: end < matches.length,
    ...(end < matches.length ? { nextCursor: String(end) } : {}),
    ...(complete ? { totalCount: matches.length } : {}),
    searched,
    complete,
    ...(older ? { older: { found: older.customers.length, complete: older.complete } } : {}),
  };
}
