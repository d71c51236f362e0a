import { defineFilters, type FilterValues } from "@/components/data-table/filters";
import type { UmaProviderListParams } from "@/lib/client/api/uma-providers";
import { COUNTRIES_BY_NAME } from "@/lib/universal/intl/country-names";
import { ISO_CURRENCY_CODES } from "@/shared/contract/iso-4217";

/** The filters of GET /uma-providers, each in the URL under the API's own parameter name. */
export const providerFilters = defineFilters([
  {
    type: "select",
    key: "countryCode",
    label: "Country",
    allLabel: "Any country",
    options: COUNTRIES_BY_NAME.map(({ code, name }) => ({ value: code, label: name })),
  },
  {
    type: "select",
    key: "currencyCode",
    label: "Currency",
    allLabel: "Any currency",
    options: ISO_CURRENCY_CODES.map((code) => ({ value: code, label: code })),
  },
  // The API lists blocked providers unless asked not to; the switch asks.
  { type: "boolean", key: "allowedOnly", label: "Allowed only" },
]);

export type ProviderFilterValues = FilterValues<typeof providerFilters>;

/** The URL's filter values as GET /uma-providers parameters. */
export function providerListParams(values: ProviderFilterValues): Omit<UmaProviderListParams, "cursor"> {
  return {
    countryCode: values.countryCode ?? undefined,
    currencyCode: values.currencyCode ?? undefined,
    ...(values.allowedOnly ? { hasBlockedProviders: false } : {}),
  };
}
