import { z } from "zod";
import type { Environment } from "../auth/permissions";
import {
  currencyDecimals,
  type PlatformConfig,
  type UserInfoFieldName,
  umaDomainSchema,
  userInfoFieldNameSchema,
  webhookEndpointSchema,
} from "../contract";
import { minorToMajorInput, parseMajorUnits } from "./amounts";
import type { ConfigSettings, CurrencySettings } from "./diff";

/** One currency as the form holds it: bounds as the major-unit text a person types. */
export type CurrencyFormRow = {
  currencyCode: string;
  min: string;
  max: string;
  requiredCounterpartyFields: { name: UserInfoFieldName; mandatory: boolean }[];
};

export type ConfigFormValues = {
  umaDomain: string;
  webhookEndpoint: string;
  currencies: CurrencyFormRow[];
};

/** A new currency starts with the smallest positive minimum, no maximum yet, and the sender's full name required. */
export function newCurrencyRow(currencyCode: string): CurrencyFormRow {
  const decimals = currencyDecimals(currencyCode) ?? 2;
  return {
    currencyCode,
    min: minorToMajorInput(1, decimals),
    max: "",
    requiredCounterpartyFields: [{ name: "FULL_NAME", mandatory: true }],
  };
}

export function formValuesFromConfig(config: PlatformConfig): ConfigFormValues {
  return {
    umaDomain: config.umaDomain,
    webhookEndpoint: config.webhookEndpoint ?? "",
    currencies: config.supportedCurrencies.map((currency) => {
      const decimals = currencyDecimals(currency.currencyCode) ?? 2;
      return {
        currencyCode: currency.currencyCode,
        min: minorToMajorInput(currency.minAmount, decimals),
        max: minorToMajorInput(currency.maxAmount, decimals),
        requiredCounterpartyFields: currency.requiredCounterpartyFields.map((field) => ({
          name: field.name,
          mandatory: field.mandatory,
        })),
      };
    }),
  };
}

export type ConfigFormOptions = {
  environment: Environment;
  /** True once an endpoint is configured: the API can change it but not remove it. */
  endpointRequired: boolean;
};

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

const currencyRowSchema = z
  .object({
    currencyCode: z.string(),
    min: z.string(),
    max: z.string(),
    requiredCounterpartyFields: z.array(z.object({ name: userInfoFieldNameSchema, mandatory: z.boolean() })),
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
    };
  });

/**
 * The configuration form's schema. Its input is what the fields hold; its output is the settings in minor units,
 * checked by the contract's own rules (UMA domain, webhook endpoint) so the form refuses what the API would.
 */
export function configFormSchema({ environment, endpointRequired }: ConfigFormOptions) {
  return z.object({
    umaDomain: z.string().trim().min(1, "Enter the UMA domain, like pay.example.com").pipe(umaDomainSchema),
    webhookEndpoint: z
      .string()
      .trim()
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
        if (environment === "production" && url.protocol === "http:" && LOOPBACK.has(url.hostname)) {
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
export function settingsFromFormOutput(output: {
  umaDomain: string;
  webhookEndpoint: string;
  currencies: CurrencySettings[];
}): ConfigSettings {
  return {
    umaDomain: output.umaDomain,
    webhookEndpoint: output.webhookEndpoint,
    supportedCurrencies: output.currencies,
  };
}

/**
 * Where a server field error lands on the form: `supportedCurrencies.2.maxAmount` is the third row's maximum. The
 * PATCH sends the currencies in the form's order, so indexes agree.
 */
export function formPathForServerField(path: string): string | null {
  if (path === "umaDomain" || path === "webhookEndpoint") return path;
  const match = /^supportedCurrencies\.(\d+)(?:\.(\w+))?/.exec(path);
  if (!match) return null;
  const [, index, field] = match;
  const target =
    field === "minAmount"
      ? "min"
      : field === "maxAmount"
        ? "max"
        : field === "currencyCode"
          ? "currencyCode"
          : field === "requiredCounterpartyFields"
            ? "requiredCounterpartyFields"
            : null;
  return target ? `currencies.${index}.${target}` : `currencies.${index}.currencyCode`;
}

export type ConfigFormOutput = z.output<ReturnType<typeof configFormSchema>>;
