import { z } from "zod";

/** Safe for the browser too: the rules a password form checks before the server checks them again. */
export const MIN_PASSWORD_LENGTH = 12;

/** The body of POST /api/account/password: the person's current password and the one they choose. */
export const changePasswordInputSchema = z.strictObject({
  currentPassword: z.string().min(1, "Enter your current password").max(200),
  newPassword: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200, "Use at most 200 characters"),
});
