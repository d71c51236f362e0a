import type { ScreeningSearchResult } from "./records";

/** How many entries an ad-hoc search returns at most, closest first (lib/server/screening/search.ts). */
export const SEARCH_HIT_LIMIT = 20;
/** How many of them the screening page draws. */
export const SEARCH_HITS_SHOWN = 10;

/** "3 potential matches", "1 other entry resembles", "20 or more entries resemble". */
function counted(n: number, orMore: boolean, one: string, many: string): string {
  return orMore ? `${n} or more ${many}` : `${n} ${n === 1 ? one : many}`;
}

/**
 * What an ad-hoc search found, in a person's words: the potential matches (at or over the alert threshold), then
 * how many more entries resemble the name below it, then how many of them are drawn. The search returns only the
 * entries that resemble the name, closest first and at most SEARCH_HIT_LIMIT, never every entry it compared: so
 * nothing here counts entries compared, and a count the limit may have cut short says "or more".
 */
export function searchSummary(result: Pick<ScreeningSearchResult, "hits" | "threshold" | "query">): {
  heading: string;
  shown: string | null;
} {
  const name = result.query.name;
  const total = result.hits.length;
  if (total === 0) return { heading: `No list entry resembles ${name}`, shown: null };
  const alerts = result.hits.filter((hit) => hit.alert).length;
  const below = total - alerts;
  // The limit cuts the least alike first: the entries below the threshold, or the matches when there are none.
  const capped = total >= SEARCH_HIT_LIMIT;
  const more = alerts > 0 ? "other " : "";
  const resembling = `${counted(below, capped, `${more}entry resembles`, `${more}entries resemble`)} it below the ${Math.round(result.threshold * 100)}% alert threshold`;
  const matches = counted(alerts, capped && below === 0, "potential match", "potential matches");
  const heading =
    alerts === 0
      ? `No potential match for ${name}: ${resembling}`
      : `${matches} for ${name}${below > 0 ? `; ${resembling}` : ""}`;
  const shown = total > SEARCH_HITS_SHOWN ? `The ${SEARCH_HITS_SHOWN} closest are shown.` : null;
  return { heading, shown };
}
