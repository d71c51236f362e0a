import { z } from "zod";
import {
  amountSchema,
  currencyCodeSchema,
  dateTimeSchema,
  nameSchema,
  positiveMinorAmountSchema,
} from "./common";
import { umaAddressSchema } from "./uma-address";

export const invitationStatusSchema = z.enum(["PENDING", "CLAIMED", "EXPIRED", "CANCELLED"]);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

export const invitationSchema = z.looseObject({
  code: z.string(),
  createdAt: dateTimeSchema,
  url: z.string(),
  inviterUma: z.string(),
  status: invitationStatusSchema,
  claimedAt: dateTimeSchema.optional(),
  expiresAt: dateTimeSchema.optional(),
  inviteeUma: z.string().optional(),
  firstName: z.string().optional(),
  amountToSend: amountSchema.optional(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const createInvitationBodySchema = z.strictObject({
  inviterUma: umaAddressSchema,
  firstName: nameSchema.optional(),
  // The reference: an integer in the smallest unit of the inviter's currency (api-notes §8). Also accepted: the
  // amount with its currency code. The response expands it to an amount with a currency object.
  amountToSend: z
    .union([
      positiveMinorAmountSchema(),
      z.strictObject({
        amount: positiveMinorAmountSchema(),
        currency: currencyCodeSchema,
      }),
    ])
    .optional(),
  expiresAt: dateTimeSchema.optional(),
});
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;

export const claimInvitationBodySchema = z.strictObject({
  inviteeUma: umaAddressSchema,
});
export type ClaimInvitationBody = z.infer<typeof claimInvitationBodySchema>;
