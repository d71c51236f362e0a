import type { ScreeningRecord, StoredHit } from "./records";
import type { FieldComparison } from "./types";

/** The screened party's fields a reader may reveal to compare, as POST /api/screening/results/…/reveal names them. */
export const REVEALABLE_FIELDS = {
  dateOfBirth: "BIRTH_DATE",
  nationality: "NATIONALITY",
} as const satisfies Partial<Record<FieldComparison["field"], string>>;
export type RevealableField = keyof typeof REVEALABLE_FIELDS;

const isRevealable = (field: string): field is RevealableField => field in REVEALABLE_FIELDS;

/**
 * The fields hidden from the reader that a list entry has a value for: compared, they could make the match or
 * rule it out. Empty when nothing of the kind is hidden.
 */
export function uncomparedFields(hits: readonly StoredHit[]): RevealableField[] {
  const fields = new Set<RevealableField>();
  for (const hit of hits) {
    for (const comparison of hit.fields) {
      if (comparison.verdict === "masked" && comparison.entry && isRevealable(comparison.field)) {
        fields.add(comparison.field);
      }
    }
  }
  return [...fields];
}

/**
 * The screening as now stored (its decisions, which move on), with what a reveal showed of how the screened party
 * compares: the query, and each entry's fields, factors and score. Decisions come from `current`, never from the
 * answer of the reveal, which may be older.
 */
export function withRevealedComparison(
  current: ScreeningRecord,
  revealed: ScreeningRecord | undefined,
): ScreeningRecord {
  if (!revealed || revealed.id !== current.id) return current;
  const byEntry = new Map(revealed.hits.map((hit) => [`${hit.listId}:${hit.entryId}`, hit]));
  const hits = current.hits.map((hit) => {
    const shown = byEntry.get(`${hit.listId}:${hit.entryId}`);
    if (!shown) return hit;
    const { scoreLeavesOut: _left, ...rest } = hit;
    return {
      ...rest,
      fields: shown.fields,
      factors: shown.factors,
      score: shown.score,
      tokenPairs: shown.tokenPairs,
      ...(shown.scoreLeavesOut ? { scoreLeavesOut: shown.scoreLeavesOut } : {}),
    };
  });
  const { scoreLeavesOut: _left, ...record } = current;
  return {
    ...record,
    query: revealed.query,
    bestScore: revealed.bestScore,
    hits,
    ...(revealed.scoreLeavesOut ? { scoreLeavesOut: revealed.scoreLeavesOut } : {}),
  };
}
