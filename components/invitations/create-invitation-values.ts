/** The "no amount" choice of the invitation form's currency select. */
export const NO_AMOUNT = "none";

/** What the create-invitation form holds, as typed. */
export type CreateInvitationValues = {
  inviterUma: string;
  firstName: string;
  currency: string;
  amount: string;
  expiresAt: string;
};
