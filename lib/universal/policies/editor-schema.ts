import { z } from "zod";
import { type EditorValues, editorPathOf, toDocumentDraft } from "./editor-values";
import { type PolicyDocument, policyDocumentSchema } from "./rules";

/**
 * The draft editor's validation: its values become a policy document, checked by the very schema the server uses,
 * with every issue put on the field a person typed it in. Loaded on demand (lib/client/forms/lazy-zod-resolver.ts).
 */
export const editorSchema = z.custom<EditorValues>().transform((values, context): PolicyDocument => {
  const { document, issues } = toDocumentDraft(values);
  for (const issue of issues) context.addIssue({ code: "custom", path: issue.path, message: issue.message });
  const parsed = policyDocumentSchema.safeParse(document);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      context.addIssue({ code: "custom", path: editorPathOf(issue.path, values), message: issue.message });
    }
    return z.NEVER;
  }
  return issues.length > 0 ? z.NEVER : parsed.data;
});
