import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Customer } from "../../../shared/contract";
import { nameWords } from "../../universal/names/customer-matches";
import { getConsoleDatabase } from "../db";
import { customerNameWords } from "../db/schema";
import { currentEnvironment } from "../environments/current";
import { sweptToTheEnd } from "../screening/customer-sweep-turn";
import { customerById } from "./customer-by-id";

/**
 * A search by name reaches customers older than the newest ones it reads from the API through the words of their
 * names, emails and UMA addresses the customer sweep keeps (customer_name_words; decision 0095): the API filters
 * customers by whole identifiers only.
 */

/** At most this many older customers are read from the API for one search; more matching says so. */
const MAX_OLDER_READ = 100;
/** Customers read from the API at once. */
const READ_AT_ONCE = 6;

/** A customer as the sweep reads it, as far as the index keeps it. */
export type NamedCustomer = {
  id: string;
  createdAt?: string | undefined;
  fullName?: string | null | undefined;
  businessInfo?: { legalName?: string | null | undefined } | null | undefined;
  umaAddress?: string | null | undefined;
  platformCustomerId?: string | null | undefined;
  /** A business's people: the API keeps emails for them only. */
  beneficialOwners?:
    | readonly { fullName?: string | null | undefined; emailAddress?: string | null | undefined }[]
    | null
    | undefined;
};

/**
 * Keeps the words a search finds these customers by, in place of what was kept for them before: a person's full
 * name, a business's legal name, the UMA address, the platform's id for them, and the names and emails of a
 * business's people ("ana.lopez@example.com" gives ana, lopez, example, com). The customer sweep calls it with every
 * page it reads.
 */
export async function keepCustomerNames(customers: readonly NamedCustomer[]): Promise<void> {
  const environment = currentEnvironment();
  const rows = customers.flatMap((customer) => {
    const createdAt = customer.createdAt ? new Date(customer.createdAt) : null;
    if (!createdAt || Number.isNaN(createdAt.getTime())) return [];
    const words = nameWords(
      [
        customer.fullName,
        customer.businessInfo?.legalName,
        customer.umaAddress,
        customer.platformCustomerId,
        ...(customer.beneficialOwners ?? []).flatMap((owner) => [owner.fullName, owner.emailAddress]),
      ]
        .map((text) => text ?? "")
        .join(" "),
    );
    return words.map((word) => ({
      environment,
      customerId: customer.id,
      word,
      customerCreatedAt: createdAt,
    }));
  });
  const ids = customers.map((customer) => customer.id);
  if (ids.length === 0) return;
  await getConsoleDatabase().transaction(async (tx) => {
    await tx
      .delete(customerNameWords)
      .where(and(eq(customerNameWords.environment, environment), inArray(customerNameWords.customerId, ids)));
    if (rows.length > 0) await tx.insert(customerNameWords).values(rows).onConflictDoNothing();
  });
}

/**
 * A word that begins more than this many kept words is not looked for alone: reading them all, to list the newest,
 * takes seconds at a million customers (a UMA domain's word begins every customer's). Another word of the search
 * drives it when it begins fewer.
 */
export const MAX_ROWS_OF_A_WORD = 20_000;

/**
 * How many kept words `word` begins, counted no further than MAX_ROWS_OF_A_WORD + 1 (an index range scan of at most
 * that many entries).
 */
async function rowsBegunBy(word: string, environment: string, notAfter: Date | null): Promise<number> {
  const { rows } = await getConsoleDatabase().execute<{ rows: number }>(sql`
    select count(*)::int as rows from (
      select 1 from customer_name_words
        where environment = ${environment} and word like ${`${word}%`}
          ${notAfter ? sql`and customer_created_at <= ${notAfter.toISOString()}::timestamptz` : sql``}
        limit ${MAX_ROWS_OF_A_WORD + 1}
    ) begun`);
  return rows[0]?.rows ?? 0;
}

/**
 * Ids of customers created at or before `notAfter` (every one when null) a word of whose name, email or UMA address
 * begins with each word of `text`, newest first, at most `max` (`more` says there were others, or that they were not
 * looked for: every word a single letter, or one that begins more than MAX_ROWS_OF_A_WORD kept words).
 */
export async function olderIdsNamed(
  text: string,
  notAfter: Date | null,
  max: number,
): Promise<{ ids: string[]; more: boolean } | null> {
  const words = nameWords(text);
  if (words.length === 0) return null;
  // A single letter begins a large share of every name: not looked for among older customers (it would read them all).
  const looked = words.filter((word) => word.length >= 2);
  if (looked.length === 0) return { ids: [], more: true };
  const environment = currentEnvironment();
  // The word that begins the fewest kept words picks the rows; every other one must begin a word of the same customer.
  const counted = [];
  for (const word of looked) counted.push({ word, rows: await rowsBegunBy(word, environment, notAfter) });
  const [driving] = counted.sort((a, b) => a.rows - b.rows || b.word.length - a.word.length);
  if (!driving || driving.rows > MAX_ROWS_OF_A_WORD) return { ids: [], more: true };
  const others = words.filter((word) => word !== driving.word);
  const alsoNamed = others.map(
    (word) => sql`and exists (select 1 from customer_name_words other
      where other.environment = ${environment} and other.customer_id = named.customer_id
        and other.word like ${`${word}%`})`,
  );
  const { rows } = await getConsoleDatabase().execute<{ customer_id: string }>(sql`
    select named.customer_id from (
      select distinct customer_id, customer_created_at from customer_name_words
        where environment = ${environment} and word like ${`${driving.word}%`}
          ${notAfter ? sql`and customer_created_at <= ${notAfter.toISOString()}::timestamptz` : sql``}
    ) named
    where true ${sql.join(alsoNamed, sql` `)}
    order by named.customer_created_at desc, named.customer_id desc
    limit ${max + 1}`);
  return { ids: rows.slice(0, max).map((row) => row.customer_id), more: rows.length > max };
}

export interface OlderCustomers {
  /** The customers found, as the API answers them now, newest first. */
  customers: Customer[];
  /**
   * Whether every older customer a word of whose name, email or UMA address begins with each word was read: false
   * while the sweep has not yet read every customer, or when more than MAX_OLDER_READ matched.
   */
  complete: boolean;
}

/**
 * Customers created at or before `notAfter` (the oldest a search read from the API), not among `excluding`, a word
 * of whose name, email or UMA address (as the sweep last read them) begins with each word of `text`, read again from
 * the API and kept when `keep` says so of them as they are now: a name changed since the sweep read it is judged by
 * its new self.
 */
export async function olderCustomersNamed(
  text: string,
  options: {
    notAfter: Date | null;
    excluding: ReadonlySet<string>;
    keep: (customer: Customer) => boolean;
    max?: number;
  },
): Promise<OlderCustomers> {
  const [named, swept] = await Promise.all([
    olderIdsNamed(text, options.notAfter, options.max ?? MAX_OLDER_READ),
    sweptToTheEnd(currentEnvironment()),
  ]);
  if (!named) return { customers: [], complete: swept };
  const ids = named.ids.filter((id) => !options.excluding.has(id));
  const read: (Customer | undefined)[] = [];
  for (let start = 0; start < ids.length; start += READ_AT_ONCE) {
    read.push(...(await Promise.all(ids.slice(start, start + READ_AT_ONCE).map(customerById))));
  }
  const customers = read
    .filter((customer): customer is Customer => customer !== undefined && options.keep(customer))
    .sort(newestFirst);
  return { customers, complete: swept && !named.more };
}

/** Customers in the API's list order: the newest first, and of one moment the greater id first. */
export const newestFirst = (a: Customer, b: Customer): number =>
  b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Whether a customer passes GET /customers' filters, as the API applies them (every bound inclusive). */
export function passesCustomerFilters(
  customer: Customer,
  filters: {
    platformCustomerId?: string | undefined;
    customerType?: string | undefined;
    createdAfter?: string | undefined;
    createdBefore?: string | undefined;
    updatedAfter?: string | undefined;
    updatedBefore?: string | undefined;
    umaAddress?: string | undefined;
    isIncludingDeleted?: boolean | undefined;
  },
): boolean {
  const at = (text: string) => Date.parse(text);
  const within = (value: string, after?: string, before?: string) =>
    (after === undefined || at(value) >= at(after)) && (before === undefined || at(value) <= at(before));
  return (
    (filters.platformCustomerId === undefined ||
      customer.platformCustomerId === filters.platformCustomerId) &&
    (filters.customerType === undefined || customer.customerType === filters.customerType) &&
    (filters.umaAddress === undefined || customer.umaAddress === filters.umaAddress) &&
    (filters.isIncludingDeleted === true || customer.isDeleted !== true) &&
    within(customer.createdAt, filters.createdAfter, filters.createdBefore) &&
    within(customer.updatedAt, filters.updatedAfter, filters.updatedBefore)
  );
}
