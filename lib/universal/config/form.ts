import type { EnabledTransactionType, PlatformConfig, UserInfoFieldName } from "../../../shared/contract";
import { currencyDecimals } from "../../../shared/contract/iso-4217";
import { minorToMajorInput } from "./amounts";
import type { ConfigSettings, CurrencySettings } from "./diff";

/** One currency as the form holds it: bounds as the major-unit text a person types. */
export type CurrencyFormRow = {
  currencyCode: string;
  min: string;
  max: string;
  requiredCounterpartyFields: { name: UserInfoFieldName; mandatory: boolean }[];
  enabledTransactionTypes: EnabledTransactionType[];
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
    enabledTransactionTypes: ["INCOMING", "OUTGOING"],
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
        enabledTransactionTypes: [...currency.enabledTransactionTypes],
      };
    }),
  };
}

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
            : field === "enabledTransactionTypes"
              ? "enabledTransactionTypes"
              : null;
  return target ? `currencies.${index}.${target}` : `currencies.${index}.currencyCode`;
}

export type { ConfigFormOutput } from "./form-schema";
