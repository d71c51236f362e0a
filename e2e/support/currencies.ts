import { expect } from "@playwright/test";
import { serviceApi } from "./environment";

/** A supported currency as GET /config gives it (the fields specs read; the rest passed back as read). */
export type SupportedCurrency = { currencyCode: string; minAmount: number; maxAmount: number } & Record<
  string,
  unknown
>;

/** The payment API's supported currencies now, read from the service itself. */
export async function supportedCurrencies(): Promise<SupportedCurrency[]> {
  return ((await (await serviceApi("/config")).json()) as { supportedCurrencies: SupportedCurrency[] })
    .supportedCurrencies;
}

/** Sets the currency list with the API directly, as a change made outside the console (without the provider's fields). */
export async function setSupportedCurrencies(list: readonly SupportedCurrency[]): Promise<void> {
  const supportedCurrencies = list.map(({ providerRequiredCustomerFields: _, ...entry }) => entry);
  const response = await serviceApi("/config", { method: "PATCH", json: { supportedCurrencies } });
  expect(response.status, await response.text()).toBe(200);
}
