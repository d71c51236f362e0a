import { z } from "zod";
import {
  currencyDecimals,
  enabledTransactionTypeSchema,
  umaDomainSchema,
  userInfoFieldNameSchema,
  webhookEndpointSchema,
} from "../../../shared/contract";
import { domainAsSent } from "../../../shared/contract/domain-scripts";
import type { Environment } from "../auth/permissions";
import { parseMajorUnits } from "./amounts";
import type { CurrencySettings } from "./diff";
import { endpointTooLong, WEBHOOK_ENDPOINT_MAX_LENGTH } from "./endpoint-limits";

export type ConfigFormOptions = {
  environment: Environment;
  /** True once an endpoint is configured: the API can change it but not remove it. */
  endpointRequired: boolean;
  /**
   * The endpoint as saved: left as it is, it is not refused for plain http in production (a local production platform
   * answers the console on loopback), so an admin can still change the rest of the configuration.
   */
  savedEndpoint?: string | null | undefined;
};

/**
 * The configuration form's rules (the contract's UMA domain and webhook endpoint schemas among them), kept apart
 * from lib/universal/config/form.ts so the page loads them on first validation (lib/client/forms/lazy-zod-resolver).
 */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Space, tab and line breaks at the edges: what a paste leaves. Unicode whitespace stays, for the contract to refuse. */
const trimAsciiWhitespace = (value: string) => value.replace(/^[ \t\n\r\f]+|[ \t\n\r\f]+$/g, "");

const currencyRowSchema = z
  .object({
    currencyCode: z.string(),
    min: z.string(),
    max: z.string(),
    requiredCounterpartyFields: z.array(z.object({ name: userInfoFieldNameSchema, mandatory: z.boolean() })),
    enabledTransactionTypes: z
      .array(enabledTransactionTypeSchema)
      .min(1, "Enable receiving, sending or both; a currency with neither moves no money"),
  })
  .transform((row, ctx): CurrencySettings => {
    const decimals = currencyDecimals(row.currencyCode);
    if (decimals === undefined) {
      ctx.addIssue({ code: "custom", message: "Not an ISO 4217 currency", path: ["currencyCode"] });
      return z.NEVER;
    }
    const min = parseMajorUnits(row.min, decimals, { currencyCode: row.currencyCode });
    const max = parseMajorUnits(row.max, decimals, { currencyCode: row.currencyCode });
    if (!min.ok) ctx.addIssue({ code: "custom", message: min.error, path: ["min"] });
    if (!max.ok) ctx.addIssue({ code: "custom", message: max.error, path: ["max"] });
    if (!min.ok || !max.ok) return z.NEVER;
    if (max.minor < min.minor) {
      ctx.addIssue({ code: "custom", message: "Must be at least the minimum", path: ["max"] });
      return z.NEVER;
    }
    return {
      currencyCode: row.currencyCode,
      minAmount: min.minor,
      maxAmount: max.minor,
      requiredCounterpartyFields: row.requiredCounterpartyFields,
      enabledTransactionTypes: row.enabledTransactionTypes,
    };
  });

/**
 * The configuration form's schema. Its input is what the fields hold; its output is the settings in minor units,
 * checked by the contract's own rules (UMA domain, webhook endpoint) so the form refuses what the API would.
 */
export function configFormSchema({ environment, endpointRequired, savedEndpoint }: ConfigFormOptions) {
  return z.object({
    // An international name in one script is sent in its ASCII (xn--) form; a look-alike stays as typed, for the
    // contract's rule to refuse with its reason (shared/contract/domain-scripts.ts).
    umaDomain: z
      .string()
      .trim()
      .min(1, "Enter the UMA domain, like pay.example.com")
      .overwrite(domainAsSent)
      .pipe(umaDomainSchema),
    webhookEndpoint: z
      .string()
      // A person's stray ASCII spaces at the edges only: any other whitespace is refused by the contract, never
      // trimmed, so what the diff compares is what is sent (issue 46 item 7).
      .overwrite(trimAsciiWhitespace)
      .check((ctx) => {
        if (ctx.value === "") {
          if (endpointRequired) {
            ctx.issues.push({
              code: "custom",
              message: "An endpoint can be changed but not removed",
              input: ctx.value,
            });
          }
          return;
        }
        if (ctx.value.length > WEBHOOK_ENDPOINT_MAX_LENGTH) {
          ctx.issues.push({ code: "custom", message: endpointTooLong(ctx.value.length), input: ctx.value });
          return;
        }
        const parsed = webhookEndpointSchema.safeParse(ctx.value);
        if (!parsed.success) {
          ctx.issues.push({
            code: "custom",
            message: parsed.error.issues[0]?.message ?? "Not a valid endpoint",
            input: ctx.value,
          });
          return;
        }
        // The contract lets plain http through for a loopback host; that is for the sandbox, next to the console.
        const url = new URL(ctx.value);
        if (
          environment === "production" &&
          url.protocol === "http:" &&
          LOOPBACK.has(url.hostname) &&
          ctx.value !== savedEndpoint
        ) {
          ctx.issues.push({
            code: "custom",
            message: "Production endpoints must use https",
            input: ctx.value,
          });
        }
      }),
    currencies: z
      .array(currencyRowSchema)
      .min(1, "Support at least one currency")
      .superRefine((rows, ctx) => {
        const seen = new Set<string>();
        rows.forEach((row, index) => {
          if (seen.has(row.currencyCode)) {
            ctx.addIssue({ code: "custom", message: "Listed twice", path: [index, "currencyCode"] });
          }
          seen.add(row.currencyCode);
        });
      }),
  });
}

/** The form's validated output as the settings the diff compares. */
export type ConfigFormOutput = z.output<ReturnType<typeof configFormSchema>>;
