import { isVisibleReason, MAX_REASON_LENGTH, MIN_REASON_VISIBLE_CHARACTERS } from "../privacy/reason";

/**
 * A declined policy version's reason, without zod (the page's dialog counts it as it is typed; the route's schema
 * is version-bodies.ts): required, at least MIN_REASON_VISIBLE_CHARACTERS letters or digits, at most
 * MAX_REASON_LENGTH characters.
 */
export const DECLINE_REASON_PROBLEM = `Say why you decline it, in at least ${MIN_REASON_VISIBLE_CHARACTERS} letters or digits.`;

/** Whether the reason as typed would be accepted (trimmed first, as the server trims it). */
export const isDeclineReason = (text: string) =>
  isVisibleReason(text.trim()) && text.trim().length <= MAX_REASON_LENGTH;
