import { z } from "zod";
import { roles } from "@/lib/universal/auth/permissions";

/** The add-member form's rules, downloaded on first validation (lib/client/forms/lazy-zod-resolver). */
export const addMemberFormSchema = z.object({
  email: z.email("Enter a valid email address"),
  name: z.string().trim().min(1, "Enter a name").max(120),
  role: z.enum(roles),
});
export type AddMemberFormValues = z.infer<typeof addMemberFormSchema>;
