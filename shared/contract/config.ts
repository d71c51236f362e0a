import { z } from "zod";
import {
  currencyCodeSchema,
  dateTimeSchema,
  nonNegativeMinorAmountSchema,
  requiredError,
  userInfoFieldNameSchema,
  userInfoFieldRequirementSchema,
} from "./common";
import { umaDomainSchema } from "./uma-address";
import { urlHostIssue } from "./url-host";

// ---------------------------------------------------------------------------------------------------------
// Responses

/** The directions a currency is enabled for (api-notes §8): payments the platform receives, and sends. */
export const enabledTransactionTypeSchema = z.enum(["INCOMING", "OUTGOING"]);
export type EnabledTransactionType = z.infer<typeof enabledTransactionTypeSchema>;
export const ALL_TRANSACTION_TYPES: readonly EnabledTransactionType[] = ["INCOMING", "OUTGOING"];

export const supportedCurrencySchema = z.looseObject({
  currencyCode: z.string(),
  minAmount: z.int(),
  maxAmount: z.int(),
  requiredCounterpartyFields: z.array(userInfoFieldRequirementSchema).default([]),
  // Required in the reference's schema; an older deployment that leaves it out is read as both directions.
  enabledTransactionTypes: z.array(enabledTransactionTypeSchema).default(["INCOMING", "OUTGOING"]),
  /** Read-only, set by the provider. */
  providerRequiredCustomerFields: z.array(userInfoFieldNameSchema).default([]),
});
export type SupportedCurrency = z.infer<typeof supportedCurrencySchema>;

export const platformConfigSchema = z.looseObject({
  id: z.string(),
  umaDomain: z.string(),
  webhookEndpoint: z.string().optional(),
  supportedCurrencies: z.array(supportedCurrencySchema).default([]),
  createdAt: dateTimeSchema.optional(),
  updatedAt: dateTimeSchema.optional(),
  /** Read-only: the first label of umaDomain. */
  proxyUmaSubdomain: z.string().optional(),
  /** Read-only: fixed when the platform is created. */
  isRegulatedFinancialInstitution: z.boolean().optional(),
});
export type PlatformConfig = z.infer<typeof platformConfigSchema>;

// ---------------------------------------------------------------------------------------------------------
// PATCH /config

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whitespace in the Unicode sense (U+00A0, U+2028, U+3000, U+FEFF…), control characters and invisible format
 * characters (U+200B–U+200D, U+2060, bidirectional marks). The URL parser percent-encodes a trailing U+00A0 into
 * the path, so "…/hooks\u00a0" is a different endpoint that looks the same: a change nobody can see (issue 46
 * item 7). No legitimate endpoint holds one, so they are refused rather than trimmed.
 */
const INVISIBLE_IN_URL = /[\s\p{Cc}\p{Cf}\u200B-\u200D\u2060]/u;

/**
 * The spec asks for a public HTTPS endpoint; plain http is let through only for a loopback host, where the
 * console and the local service run side by side during development.
 */
export const webhookEndpointSchema = z.string({ error: requiredError }).check((ctx) => {
  if (INVISIBLE_IN_URL.test(ctx.value)) {
    ctx.issues.push({
      code: "custom",
      message: "Must not contain spaces, invisible or control characters",
      input: ctx.value,
    });
    return;
  }
  let url: URL;
  try {
    url = new URL(ctx.value);
  } catch {
    ctx.issues.push({
      code: "custom",
      message: "Must be a full URL like https://example.com/webhooks",
      input: ctx.value,
    });
    return;
  }
  const secure = url.protocol === "https:";
  const loopbackHttp = url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
  if (!secure && !loopbackHttp) {
    ctx.issues.push({
      code: "custom",
      message: "Must be an https URL (http is allowed only for localhost and 127.0.0.1)",
      input: ctx.value,
    });
  } else if (url.username !== "" || url.password !== "") {
    ctx.issues.push({
      code: "custom",
      message: "Must not contain a user name or password",
      input: ctx.value,
    });
  } else {
    // A look-alike host reads as the platform's own to the second admin and delivers elsewhere (issue 46 item 7).
    const hostIssue = urlHostIssue(ctx.value, url);
    if (hostIssue !== null) ctx.issues.push({ code: "custom", message: hostIssue, input: ctx.value });
  }
});

/**
 * A read-only field a PATCH may carry back as GET answered it: the service ignores it when unchanged and refuses
 * it when it differs (api-notes §8: PATCH accepts a configuration exactly as GET returned it).
 */
const echoed = <T extends z.ZodType>(schema: T) => schema.optional();

export const updateSupportedCurrencyInputSchema = z
  .strictObject({
    currencyCode: currencyCodeSchema,
    minAmount: nonNegativeMinorAmountSchema(),
    maxAmount: nonNegativeMinorAmountSchema(),
    requiredCounterpartyFields: z.array(
      z.strictObject({ name: userInfoFieldNameSchema, mandatory: z.boolean({ error: requiredError }) }),
    ),
    enabledTransactionTypes: z
      .array(enabledTransactionTypeSchema)
      .refine((types) => new Set(types).size === types.length, "A direction is listed twice")
      .optional(),
    providerRequiredCustomerFields: echoed(z.array(z.string())),
  })
  .check((ctx) => {
    const { minAmount, maxAmount, requiredCounterpartyFields } = ctx.value;
    if (minAmount > maxAmount) {
      ctx.issues.push({
        code: "custom",
        message: "Must be at least minAmount",
        path: ["maxAmount"],
        input: ctx.value,
      });
    }
    const seen = new Set<string>();
    requiredCounterpartyFields.forEach((field, index) => {
      if (seen.has(field.name)) {
        ctx.issues.push({
          code: "custom",
          message: `${field.name} is listed twice`,
          path: ["requiredCounterpartyFields", index, "name"],
          input: ctx.value,
        });
      }
      seen.add(field.name);
    });
  });
export type UpdateSupportedCurrencyInput = z.infer<typeof updateSupportedCurrencyInputSchema>;

export const updateConfigBodySchema = z
  .strictObject({
    umaDomain: umaDomainSchema.optional(),
    webhookEndpoint: webhookEndpointSchema.optional(),
    supportedCurrencies: z.array(updateSupportedCurrencyInputSchema).optional(),
    id: echoed(z.string()),
    proxyUmaSubdomain: echoed(z.string()),
    isRegulatedFinancialInstitution: echoed(z.boolean()),
    createdAt: echoed(z.string()),
    updatedAt: echoed(z.string()),
  })
  .check((ctx) => {
    const seen = new Set<string>();
    ctx.value.supportedCurrencies?.forEach((entry, index) => {
      if (seen.has(entry.currencyCode)) {
        ctx.issues.push({
          code: "custom",
          message: `${entry.currencyCode} is listed twice`,
          path: ["supportedCurrencies", index, "currencyCode"],
          input: ctx.value,
        });
      }
      seen.add(entry.currencyCode);
    });
  });
export type UpdateConfigBody = z.infer<typeof updateConfigBodySchema>;
