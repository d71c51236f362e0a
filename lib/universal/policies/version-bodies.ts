import { z } from "zod";
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
