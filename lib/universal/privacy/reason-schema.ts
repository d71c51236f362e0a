import { z } from "zod";
import { isVisibleReason, MAX_REASON_LENGTH, visibleReasonMessage } from "./reason";

/**
 * The reason as a zod schema: trimmed, at most MAX_REASON_LENGTH characters, at least ten letters or digits. Apart
 * from ./reason.ts so that a page which only counts a reason's letters (the Reveal dialog on every approval card)
 * does not download zod with it.
 */
export const visibleReasonSchema = z
  .string()
  .trim()
  .max(MAX_REASON_LENGTH, `At most ${MAX_REASON_LENGTH} characters.`)
  .refine((text) => isVisibleReason(text), visibleReasonMessage);
