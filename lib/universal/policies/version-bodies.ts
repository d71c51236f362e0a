import { z } from "zod";
import { isVisibleReason, MAX_REASON_LENGTH } from "../privacy/reason";
import { DECLINE_REASON_PROBLEM } from "./decline-reason";
import { policyDocumentSchema } from "./rules";

const note = z.string().trim().max(500);

/** POST /api/policies: a new draft from a document, or as a copy of another version (exactly one of the two). */
export const createDraftBodySchema = z
  .strictObject({
    document: policyDocumentSchema.optional(),
    copyOf: z.uuid("Not a policy version id.").optional(),
    note: note.optional(),
  })
  .refine((body) => (body.document === undefined) !== (body.copyOf === undefined), {
    message: "Send either a document or copyOf (the version to copy), not both.",
    path: ["document"],
  });
export type CreateDraftBody = z.infer<typeof createDraftBodySchema>;

/** PUT /api/policies/:id: a draft's new content. */
export const updateDraftBodySchema = z.strictObject({
  document: policyDocumentSchema,
  note: note.optional(),
});

/**
 * POST /api/policies/:id/decline: why the second person declines it, kept with the version and in the audit log.
 * Trimmed, at most MAX_REASON_LENGTH characters, at least ten letters or digits (invisible characters are no reason,
 * issue 46 item 11), as a reveal's reason is judged.
 */
export const declineVersionBodySchema = z.strictObject({
  reason: z
    .string({ error: DECLINE_REASON_PROBLEM })
    .trim()
    .max(MAX_REASON_LENGTH, `At most ${MAX_REASON_LENGTH} characters.`)
    .refine((text) => isVisibleReason(text), DECLINE_REASON_PROBLEM),
});
