/**
 * Characters no PostgreSQL text or jsonb column can hold: NUL (U+0000) anywhere, and an unpaired UTF-16 surrogate
 * in jsonb. Shared by both programs, which store what people send in PostgreSQL: the console (lib/universal/text/storable.ts)
 * and the local service (service/input-guard.ts) refuse such text at the edge instead of failing the insert.
 */

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. Without the `u`
// flag a surrogate is one code unit, which is what the lookarounds must see.
export const UNSTORABLE_SOURCE = String.raw`\x00|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]`;
const UNSTORABLE_UNITS = new RegExp(UNSTORABLE_SOURCE);

/** Whether a string holds a character no PostgreSQL text or jsonb column can store. */
export function isUnstorableString(value: string): boolean {
  return UNSTORABLE_UNITS.test(value);
}
