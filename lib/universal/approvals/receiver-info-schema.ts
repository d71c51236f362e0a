import { z } from "zod";
import { type UserInfoFieldName, userInfoInputSchema } from "../../../shared/contract";

/**
 * The form's schema, from the contract's per-field rules: mandatory fields are required, optional ones may be left
 * empty (and are then not sent).
 */
export function receiverInfoFormSchema(fields: readonly { name: UserInfoFieldName; mandatory: boolean }[]) {
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const field of fields) {
    const rule = userInfoInputSchema.shape[field.name].unwrap() as unknown as z.ZodType<string, string>;
    shape[field.name] = field.mandatory
      ? z.string().trim().min(1, "Required").pipe(rule)
      : z
          .string()
          .trim()
          .transform((value) => (value === "" ? undefined : value))
          .pipe(rule.optional());
  }
  return z.object(shape);
}
