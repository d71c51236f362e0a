import { z } from "zod";
import { platformNow } from "@/lib/universal/api/platform-clock";
import { parseMajorUnits } from "@/lib/universal/config/amounts";
import {
  type CreateInvitationBody,
  createInvitationBodySchema,
  currencyDecimals,
  nameSchema,
  umaAddressIssue,
} from "@/shared/contract";
import { type CreateInvitationValues as CreateValues, NO_AMOUNT } from "./create-invitation-values";

export { claimInvitationBodySchema } from "@/shared/contract";

/**
 * The invitation forms' rules and request bodies, checked with the contract; downloaded on first validation
 * (lib/client/forms/lazy-zod-resolver), not with the page.
 */
export const createInvitationFormSchema = z
  .object({
    inviterUma: z.string().trim(),
    firstName: z.string().trim(),
    currency: z.string(),
    amount: z.string(),
    expiresAt: z.string(),
  })
  .superRefine((values, ctx) => {
    const issue = umaAddressIssue(values.inviterUma);
    if (issue) ctx.addIssue({ code: "custom", path: ["inviterUma"], message: issue });
    if (values.firstName !== "") {
      const name = nameSchema.safeParse(values.firstName);
      if (!name.success) {
        ctx.addIssue({
          code: "custom",
          path: ["firstName"],
          message: name.error.issues[0]?.message ?? "Not a name",
        });
      }
    }
    if (values.currency !== NO_AMOUNT) {
      const parsed = parseMajorUnits(values.amount, currencyDecimals(values.currency) ?? 2, {
        min: 1,
        currencyCode: values.currency,
      });
      if (!parsed.ok) ctx.addIssue({ code: "custom", path: ["amount"], message: parsed.error });
    }
    if (values.expiresAt !== "") {
      const when = new Date(values.expiresAt);
      if (Number.isNaN(when.getTime()))
        ctx.addIssue({ code: "custom", path: ["expiresAt"], message: "Not a date" });
      else if (when.getTime() <= platformNow())
        ctx.addIssue({ code: "custom", path: ["expiresAt"], message: "Must be in the future" });
    }
  });

/** The request body the form describes, checked by the contract before it leaves. */
export function bodyOf(values: CreateValues): CreateInvitationBody {
  const amount =
    values.currency === NO_AMOUNT
      ? undefined
      : parseMajorUnits(values.amount, currencyDecimals(values.currency) ?? 2, { min: 1 });
  return createInvitationBodySchema.parse({
    inviterUma: values.inviterUma.trim(),
    ...(values.firstName.trim() ? { firstName: values.firstName.trim() } : {}),
    ...(amount?.ok ? { amountToSend: { amount: amount.minor, currency: values.currency } } : {}),
    // datetime-local is the person's wall time; the API takes an instant.
    ...(values.expiresAt ? { expiresAt: new Date(values.expiresAt).toISOString() } : {}),
  });
}
