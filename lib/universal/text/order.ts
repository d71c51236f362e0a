/**
 * Orders two texts by their UTF-16 code units: currency codes, ISO moments, ids and field names, whose order is the
 * same in every locale. Not `localeCompare`: its first use on a page loads the browser's collation data (about 40 ms
 * at 4x CPU throttling, on the accounts page as it loaded; e2e/pages-draw-without-asking-intl.spec.ts). Names a
 * person reads are ordered by Intl.Collator (lib/universal/approvals/queue-sort.ts).
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
