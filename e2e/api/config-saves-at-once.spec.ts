import { expect, request as playwrightRequest, test } from "@playwright/test";
import { settingsFromConfig } from "../../lib/universal/config/diff";
import { CONFIG_EXPECTED_HEADER, configStamp } from "../../lib/universal/config/stamp";
import type { PlatformConfig } from "../../shared/contract";
import { setSupportedCurrencies, supportedCurrencies } from "../support/currencies";
import { signInRequest } from "../support/session";

test("two saves of the currency list made over the same page at the same moment: one applies, the other is refused", async ({
  baseURL,
}) => {
  const original = await supportedCurrencies();
  const signedIn = async () => {
    const context = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { origin: baseURL ?? "" },
    });
    await signInRequest(context, "admin");
    return context;
  };
  // The same admin in two tabs (two sessions): what matters is that both saves were made over one page's list.
  const one = await signedIn();
  const other = await signedIn();
  try {
    const config = (await (await one.get("/api/payments/config")).json()) as PlatformConfig;
    const stamp = configStamp(settingsFromConfig(config), ["supportedCurrencies"]);
    const writable = original.map(({ providerRequiredCustomerFields: _, ...entry }) => entry);
    // Each raises another currency's maximum, over the list both pages showed.
    const change = (code: string) =>
      writable.map((entry) =>
        entry.currencyCode === code ? { ...entry, maxAmount: Number(entry.maxAmount) + 100 } : entry,
      );
    const save = (context: typeof one, code: string) =>
      context.patch("/api/payments/config", {
        data: { supportedCurrencies: change(code) },
        headers: { [CONFIG_EXPECTED_HEADER]: stamp },
      });
    const [first, second] = await Promise.all([save(one, "USD"), save(other, "EUR")]);
    expect([first.status(), second.status()].sort()).toEqual([200, 409]);
    const refused = first.status() === 409 ? first : second;
    expect(((await refused.json()) as { code: string }).code).toBe("CONFIG_CHANGED_MEANWHILE");
    // Exactly one change stands: the other was not sent over it.
    const now = await supportedCurrencies();
    const raised = now.filter(
      (entry) => entry.maxAmount !== original.find((o) => o.currencyCode === entry.currencyCode)?.maxAmount,
    );
    expect(raised).toHaveLength(1);
  } finally {
    await setSupportedCurrencies(original);
    await Promise.all([one.dispose(), other.dispose()]);
  }
});
