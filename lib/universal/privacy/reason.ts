/**
 * A stated reason that justifies access to personal data (a reveal, evidence) or a dismissal. Universal: no
 * server-only import, so forms and routes share it; no zod either (its schema is ./reason-schema.ts).
 *
 * Length alone is not enough: ten U+200B (zero-width space) are ten characters and say nothing (issue 46 item 11).
 * A reason must hold at least MIN_REASON_VISIBLE_CHARACTERS letters or digits after NFKC normalisation, so
 * invisible, formatting and punctuation characters do not count.
 */
export const MIN_REASON_VISIBLE_CHARACTERS = 10;
export const MAX_REASON_LENGTH = 500;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

/** How many letters and digits the text holds once normalised (NFKC folds compatibility forms first). */
export function countVisibleCharacters(text: string): number {
  return text.normalize("NFKC").match(LETTER_OR_DIGIT)?.length ?? 0;
}

export function isVisibleReason(text: string, minimum = MIN_REASON_VISIBLE_CHARACTERS): boolean {
  return countVisibleCharacters(text) >= minimum;
}

/** Every reason's rule, as a field says it before anything is typed. */
export const REASON_RULE = `At least ${MIN_REASON_VISIBLE_CHARACTERS} letters or digits; spaces and punctuation do not count.`;

export const visibleReasonMessage = `Say why you need it, in at least ${MIN_REASON_VISIBLE_CHARACTERS} letters or digits.`;
