import { z } from "zod";
import { domainScriptIssue, NON_ASCII } from "../../../shared/contract/domain-scripts";
import { INVISIBLE_OR_UNUSUAL_SPACE } from "../../../shared/contract/invisible-text";
import { isCountryCode } from "../../../shared/contract/iso-3166";
import { isIsoCurrencyCode } from "../../../shared/contract/iso-4217";

/**
 * Approval policies (issue 26): an ordered list of rules, each a condition (all of its clauses) and an outcome. The
 * first rule whose clauses all hold decides; when none does, the payment is held for people. Evaluated when a
 * PENDING INCOMING_PAYMENT webhook arrives (lib/universal/policies/evaluate.ts), inside the API's approval window.
 *
 * Amounts are minor units of the named currency. A clause about a field the webhook does not carry is false
 * (never an error), except `counterpartyField` with `present: false`, which is what it asks.
 */

const currency = z.string().refine(isIsoCurrencyCode, "Not an ISO 4217 currency code.");
const comparison = z.enum(["lt", "lte", "gt", "gte", "eq"]);
const membership = z.enum(["in", "notIn"]);
const shortText = z
  .string()
  .trim()
  .min(1, "Required.")
  .max(200, "At most 200 characters.")
  .refine(
    (value) => !INVISIBLE_OR_UNUSUAL_SPACE.test(value),
    "Must not contain invisible or control characters, or unusual spaces.",
  );
const values = z.array(shortText).min(1, "Give at least one value.").max(500, "At most 500 values.");
/** A counterparty field's name as the API spells it (FULL_NAME, NATIONALITY): ASCII, so no look-alike of one. */
const fieldName = z
  .string()
  .trim()
  .regex(
    /^[A-Z][A-Z0-9_]{0,63}$/,
    "A field name in capital letters, digits and underscores, like FULL_NAME.",
  );
/** A domain as payments carry it: ASCII (an international one in its xn-- form), and no look-alike in that form. */
const domainValue = shortText.check((ctx) => {
  const issue = NON_ASCII.test(ctx.value)
    ? "Write the domain in ASCII letters (an international name in its xn-- form): letters outside a-z can pass for others."
    : domainScriptIssue(ctx.value);
  if (issue !== null) ctx.issues.push({ code: "custom", message: issue, input: ctx.value });
});
const minorUnits = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

const clauseSchema = z.discriminatedUnion("kind", [
  /** The amount the recipient receives (`side: "receiving"`) or the sender sends, in `currency`. */
  z.strictObject({
    kind: z.literal("amount"),
    side: z.enum(["receiving", "sending"]),
    currency,
    op: comparison,
    value: minorUnits,
  }),
  /** The receiving or sending currency is (not) one of `values`. */
  z.strictObject({
    kind: z.literal("currency"),
    side: z.enum(["receiving", "sending"]),
    op: membership,
    values: z.array(currency).min(1, "Choose at least one currency.").max(200, "At most 200 currencies."),
  }),
  /** The sender's UMA domain (the part after "@" of the counterparty's UMA address) is (not) one of `values`. */
  z.strictObject({
    kind: z.literal("senderDomain"),
    op: membership,
    values: z.array(domainValue).min(1, "Give at least one value.").max(500, "At most 500 values."),
  }),
  /** The sender's domain is (not) on the policy's allow-list of domains (`allowListedDomains` of the version). */
  z.strictObject({ kind: z.literal("senderAllowListed"), value: z.boolean() }),
  /** A counterparty field (e.g. FULL_NAME, NATIONALITY) is present, or missing. */
  z.strictObject({ kind: z.literal("counterpartyField"), field: fieldName, present: z.boolean() }),
  /**
   * A counterparty field's value is (not) one of `values` (e.g. NATIONALITY in a list). Missing → false. A
   * nationality is an ISO 3166 code ("KP"), so "КР" in Cyrillic letters cannot stand in for it.
   */
  z
    .strictObject({ kind: z.literal("counterpartyValue"), field: fieldName, op: membership, values })
    .check((ctx) => {
      if (ctx.value.field !== "NATIONALITY") return;
      ctx.value.values.forEach((value, index) => {
        if (isCountryCode(value)) return;
        ctx.issues.push({
          code: "custom",
          message: `"${value}" is not an ISO 3166 country code, like KP: a nationality is given by its code.`,
          input: value,
          path: ["values", index],
        });
      });
    }),
  /** The recipient customer's type is (not) one of INDIVIDUAL / BUSINESS. */
  z.strictObject({
    kind: z.literal("recipientType"),
    op: membership,
    values: z.array(z.enum(["INDIVIDUAL", "BUSINESS"])).min(1, "Choose at least one type."),
  }),
  /** The recipient customer's KYC status is (not) one of `values`. */
  z.strictObject({ kind: z.literal("recipientKyc"), op: membership, values }),
  /** The recipient customer's account age, in days, compared with `value`. */
  z.strictObject({
    kind: z.literal("recipientAgeDays"),
    op: comparison,
    value: z.int().min(0).max(100_000),
  }),
  /**
   * Screening (issue 48): the sender screened clear against the watchlists when the payment arrived (`value: true`:
   * no open potential match and the screening did not fail; a match dismissed before for the same data is clear).
   * A payment not screened makes the clause false either way.
   */
  z.strictObject({ kind: z.literal("screeningClear"), value: z.boolean() }),
  /** The best score of the sender's screening, in percent (0–100), compared with `value`. Not screened → false. */
  z.strictObject({
    kind: z.literal("screeningScore"),
    op: comparison,
    value: z.int().min(0).max(100),
  }),
  /**
   * Velocity from the console's own records: the number of payments (`measure: "count"`) or their total in
   * `currency` (`measure: "amount"`, minor units) per sender or per recipient over the last `hours`, not counting
   * this one, compared with `value`.
   */
  z.strictObject({
    kind: z.literal("velocity"),
    per: z.enum(["sender", "recipient"]),
    measure: z.enum(["count", "amount"]),
    currency: currency.optional(),
    hours: z
      .int()
      .min(1)
      .max(24 * 90),
    op: comparison,
    value: minorUnits,
  }),
]);
export type Clause = z.infer<typeof clauseSchema>;

const outcomeSchema = z.discriminatedUnion("decision", [
  z.strictObject({ decision: z.literal("approve") }),
  z.strictObject({
    decision: z.literal("reject"),
    /** The reason code sent in the 403's body (api-notes §3), e.g. POLICY_REJECTED. */
    code: z.string().regex(/^[A-Z][A-Z0-9_]{1,63}$/, "Upper-case letters, digits and underscores."),
    message: shortText,
  }),
  z.strictObject({
    decision: z.literal("hold"),
    /** The queue the payment lands in (a name the approval queue can filter by). */
    queue: z.string().trim().min(1).max(60).default("Compliance"),
    priority: z.enum(["normal", "high"]).default("normal"),
  }),
]);
export type Outcome = z.infer<typeof outcomeSchema>;

const ruleSchema = z.strictObject({
  /** Stable across versions, so a diff can say "changed" rather than "removed and added". */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, "Lower-case letters, digits and dashes."),
  name: z.string().trim().min(1, "Name the rule.").max(80, "At most 80 characters."),
  when: z.array(clauseSchema).min(1, "Add at least one condition.").max(20, "At most 20 conditions."),
  then: outcomeSchema,
});
export type Rule = z.infer<typeof ruleSchema>;

/** One version of the policies: what a draft holds and what activation puts into force. */
export const policyDocumentSchema = z
  .strictObject({
    rules: z.array(ruleSchema).max(500),
    allowListedDomains: z
      .array(z.string().trim().toLowerCase().min(1).max(253).pipe(domainValue))
      .max(1000)
      .default([]),
  })
  .refine((policy) => new Set(policy.rules.map((rule) => rule.id)).size === policy.rules.length, {
    message: "Each rule id once.",
    path: ["rules"],
  });
export type PolicyDocument = z.infer<typeof policyDocumentSchema>;

/** What an evaluation decided, stored per webhook (policy_evaluations) and shown on the payment's timeline. */
export type EvaluationDecision = "approve" | "reject" | "hold";

/** Why the decision is what it is when no rule decided. */
export type EvaluationFallback =
  | "no-rule-matched"
  | "no-active-policy"
  | "emergency-hold"
  | "evaluation-failed"
  | "time-budget-exceeded"
  /** A rule approved, but the recipient fields the sender requires (mandatory) are not in the customer record. */
  | "receiver-info-unavailable"
  /** A rule approved, but the payment is at or over the two-person rule's threshold: two people approve it. */
  | "two-approvers-required"
  /** A rule approved, but the recipient customer was deleted since the payment was made (its webhook came late). */
  | "recipient-deleted"
  /**
   * A rule approved, but the recipient customer's latest screening is an open potential match or a confirmed one:
   * the policies never credit someone compliance has not cleared; a person decides.
   */
  | "recipient-screening-match"
  /**
   * A rule approved, but the recipient customer could not be screened: never screened (created at the API since the
   * sweep's last round) and screening them at once failed, or their latest screening failed or could not be read.
   */
  | "recipient-screening-failed"
  /** Screening (issue 48) did not clear the sender: a potential match, a failure, or a list past its freshness. */
  | "screening-potential-match"
  | "screening-failed"
  | "screening-list-stale";
