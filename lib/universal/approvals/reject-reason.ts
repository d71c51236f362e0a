import { isVisibleReason, MIN_REASON_VISIBLE_CHARACTERS, REASON_RULE } from "../privacy/reason";

/**
 * A rejection's reason, without zod (the reject dialog counts it as it is typed; the relay's schema is
 * ./reject-body.ts): required, at least MIN_REASON_VISIBLE_CHARACTERS letters or digits, as every other reason in the
 * console (a reveal's, a declined policy version's), at most the payment API's REJECT_REASON_MAX_LENGTH characters.
 */
export const REJECT_REASON_MAX_LENGTH = 1000;

export const REJECT_REASON_RULE = REASON_RULE;

export const REJECT_REASON_PROBLEM = `Say why you reject it, in at least ${MIN_REASON_VISIBLE_CHARACTERS} letters or digits.`;

/** Whether the reason as typed would be accepted (trimmed first, as the server trims it). */
export const isRejectReason = (text: string) =>
  isVisibleReason(text.trim()) && text.trim().length <= REJECT_REASON_MAX_LENGTH;
