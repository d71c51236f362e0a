import { z } from "zod";
import { createTokenBodySchema, userInfoFieldNameSchema } from "../../../shared/contract";
import { MIN_PASSWORD_LENGTH } from "../auth/password-rules";
import { roles } from "../auth/permissions";
import { ENVIRONMENTS } from "../environments/names";
import { policyDocumentSchema } from "../policies/rules";
import { PERSONAL_DATA_CATEGORIES } from "../privacy/fields";
import { isVisibleReason } from "../privacy/reason";
import { visibleReasonSchema } from "../privacy/reason-schema";
import { personNameIssue } from "../team/person-name";
import {
  DEFAULT_TOKEN_EXPIRY_DAYS,
  isTokenExpiryDays,
  TOKEN_EXPIRY_DAYS,
  tokenNeedsSecondAdmin,
} from "../tokens/token-rules";

/*
 * The request bodies of the console's own endpoints whose schemas had lived beside their server code; each route
 * parses its body with its schema from here or from the domain's own schema file. The endpoint table
 * (endpoints.ts) does not name them: the browser ships that table, and zod in a page costs its weight and trips
 * the Content-Security-Policy with its eval probe (docs/decisions/0039-contract-not-parsed-in-the-browser.md).
 */

/** A body that must be empty (`{}`): the action takes nothing but its path. */
export const emptyBodySchema = z.strictObject({});

/** PUT /api/approvals/emergency-hold. */
export const emergencyHoldBodySchema = z.strictObject({
  on: z.boolean(),
  reason: z.string().trim().min(1, "Give a reason.").max(500),
});

/** PUT /api/environment. */
export const switchBodySchema = z.strictObject({
  environment: z.enum(ENVIRONMENTS, { error: "environment must be sandbox or production" }),
});

const categories = z.array(z.enum(PERSONAL_DATA_CATEGORIES)).max(PERSONAL_DATA_CATEGORIES.length);

/** PUT /api/privacy/visibility: every role's unmasked categories. Admins always see everything. */
export const visibilityBodySchema = z.strictObject({
  visibility: z.strictObject({
    viewer: categories,
    compliance: categories,
    developer: categories,
    admin: categories,
  }),
});

/** POST /api/privacy/reveal. */
export const revealBodySchema = z.strictObject({
  transactionId: z.string().trim().min(1).max(200),
  field: userInfoFieldNameSchema,
  // At least ten letters or digits: invisible characters (ten U+200B) are no reason (issue 46 item 11).
  justification: visibleReasonSchema,
});

/** POST /api/policies/backtest. */
export const backtestBodySchema = z.strictObject({
  document: policyDocumentSchema,
  days: z.int().min(1).max(90),
});

/** A member's name: trimmed, at most 120 characters, and not one that could pass for another's (person-name.ts). */
const memberNameSchema = z
  .string()
  .trim()
  .max(120)
  .superRefine((name, context) => {
    const issue = personNameIssue(name);
    if (issue !== null) context.addIssue({ code: "custom", message: issue });
  });

/** POST /api/team. */
export const createUserInputSchema = z.strictObject({
  email: z.email("Enter a valid email address").transform((value) => value.toLowerCase()),
  name: memberNameSchema.min(1, "Enter a name"),
  role: z.enum(roles),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200)
    .optional(),
});

/** PATCH /api/team/[userId]. */
export const updateUserInputSchema = z.strictObject({
  role: z.enum(roles).optional(),
  disabled: z.boolean().optional(),
  name: memberNameSchema.min(1, "Enter a name").optional(),
});

/** POST /api/tokens/proposals. */
export const tokenProposalBodySchema = createTokenBodySchema
  .extend({
    expiresInDays: z
      .number()
      .refine(isTokenExpiryDays, `Must be one of ${TOKEN_EXPIRY_DAYS.join(", ")} days`)
      .default(DEFAULT_TOKEN_EXPIRY_DAYS),
  })
  .refine((body) => tokenNeedsSecondAdmin(body.permissions), {
    path: ["permissions"],
    message: "A token with only View needs no second admin: create it directly",
  });

/** POST /api/webhooks/check. */
export const checkSignatureBodySchema = z.strictObject({
  rawBody: z.string().max(1024 * 1024, "At most 1 MB, the largest webhook the console accepts"),
  header: z.string().max(8 * 1024, "At most 8 KB"),
});

/** POST /api/screening/results/[resultId]/confirm: the hit, and why it is the listed person or entity. */
export const screeningConfirmBodySchema = z.strictObject({
  listId: z.string().trim().min(1).max(40),
  entryId: z.string().trim().min(1).max(100),
  // At least ten letters or digits: ten dots or ten U+200B are no reason to reject a payment.
  reason: z
    .string()
    .trim()
    .max(1000)
    .refine(
      (text) => isVisibleReason(text),
      "Say why this is the listed person or entity, in at least 10 letters or digits.",
    ),
});

/** POST /api/screening/results/[resultId]/reveal: which of the screened party's masked fields, and why. */
export const screeningRevealBodySchema = z.strictObject({
  field: z.enum(["FULL_NAME", "BIRTH_DATE", "NATIONALITY"], "Name FULL_NAME, BIRTH_DATE or NATIONALITY"),
  // At least ten letters or digits, as for a payment's counterparty field (POST /api/privacy/reveal).
  justification: visibleReasonSchema,
});

/** POST /api/screening/results/[resultId]/dismiss: which hit, and why it is not the listed person or entity. */
export const screeningDismissBodySchema = z.strictObject({
  listId: z.string().trim().min(1).max(40),
  entryId: z.string().trim().min(1).max(100),
  // At least ten letters or digits: a dismissal is remembered for the sender's next payments.
  reason: z
    .string()
    .trim()
    .max(1000)
    .refine(
      (text) => isVisibleReason(text),
      "Say why this is not the listed person or entity, in at least 10 letters or digits.",
    ),
});

/** POST /api/screening/recipients: the external account about to be paid. */
export const recipientScreeningBodySchema = z.strictObject({
  accountId: z
    .string()
    .trim()
    .regex(/^ExternalAccount:[A-Za-z0-9_-]{1,100}$/, "An external account's id: ExternalAccount:…"),
  /**
   * Customers who may own the account (the one it was picked under, the sender): where the console looks for an
   * account older than those it reads to find one. Never who the holder is: that is the account's own.
   */
  customerIds: z
    .array(z.string().regex(/^Customer:[A-Za-z0-9_-]{1,100}$/, "A customer's id: Customer:…"))
    .max(2, "At most 2 customers")
    .optional(),
});

/** POST /api/screening/search: a name, and what corroborates it. */
export const screeningSearchBodySchema = z.strictObject({
  name: z.string().trim().min(2, "Give a name of at least 2 characters.").max(200),
  kind: z.enum(["person", "entity"]).optional(),
  dateOfBirth: z
    .string()
    .trim()
    .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, "A date of birth as YYYY, YYYY-MM or YYYY-MM-DD.")
    .optional(),
  nationality: z.string().trim().min(2).max(60).optional(),
});
