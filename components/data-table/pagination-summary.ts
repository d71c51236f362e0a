import { formatCount } from "@/lib/universal/intl/count";

/** What a list's rows are, in the singular and the plural: { one: "customer", other: "customers" }. */
export type ItemNoun = { one: string; other: string };

export const RESULTS: ItemNoun = { one: "result", other: "results" };

const counted = (count: number, noun: ItemNoun) =>
  `${formatCount(count)} ${count === 1 ? noun.one : noun.other}`;

/**
 * The pagination's summary: "Showing 20 of 1,204 transactions", or "Showing 3 customers" when the page holds them
 * all or the total is not known (the API counts exactly only up to a limit).
 */
export function paginationSummary(
  info: { count: number; totalCount?: number | undefined },
  noun: ItemNoun,
): string {
  if (info.totalCount === undefined || info.totalCount === info.count)
    return `Showing ${counted(info.count, noun)}`;
  return `Showing ${formatCount(info.count)} of ${counted(info.totalCount, noun)}`;
}
