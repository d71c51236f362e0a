import { z } from "zod";
import { changePasswordInputSchema } from "@/lib/universal/auth/password-rules";

/** The change-password form: the API's rules, and the new password typed twice alike. */
export const changePasswordFormSchema = changePasswordInputSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.newPassword, {
    path: ["confirmPassword"],
    message: "Type the same new password twice",
  })
  .refine((values) => values.newPassword !== values.currentPassword, {
    path: ["newPassword"],
    message: "Choose a password different from the current one",
  });
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;
