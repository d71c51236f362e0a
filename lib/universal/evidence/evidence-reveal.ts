import { z } from "zod";
import { visibleReasonSchema } from "../privacy/reason-schema";

/**
 * POST /api/transactions/{id}/evidence: the evidence unmasked, and why the person needs it. The same rule as a
 * reveal of one field (lib/universal/privacy/reason.ts), audited as evidence.reveal with the form it was asked for in.
 */
export const evidenceRevealBodySchema = z.strictObject({
  justification: visibleReasonSchema,
  /** The JSON download or the printable page. */
  form: z.enum(["download", "page"]),
});
export type EvidenceRevealBody = z.infer<typeof evidenceRevealBodySchema>;
