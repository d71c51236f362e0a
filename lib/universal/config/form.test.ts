import { describe, expect, it } from "vitest";
import type { PlatformConfig } from "../../../shared/contract";
import { formPathForServerField, formValuesFromConfig, newCurrencyRow } from "./form";
import { configFormSchema } from "./form-schema";

const config: PlatformConfig = {
  id: "PlatformConfig:1",
  umaDomain: "demo.uma.localhost",
  webhookEndpoint: "http://127.0.0.1:3000/api/webhooks",
  supportedCurrencies: [
    {
      currencyCode: "USD",
      minAmount: 100,
      maxAmount: 1_000_000_000,
      requiredCounterpartyFields: [{ name: "FULL_NAME", mandatory: true }],
      providerRequiredCustomerFields: ["FULL_NAME"],
      enabledTransactionTypes: ["INCOMING", "OUTGOING"],
    },
    {
      currencyCode: "JPY",
      minAmount: 50,
      maxAmount: 1_000_000,
      requiredCounterpartyFields: [],
      providerRequiredCustomerFields: [],
      enabledTransactionTypes: ["INCOMING", "OUTGOING"],
    },
  ],
};

const sandbox = configFormSchema({ environment: "sandbox", endpointRequired: true });

function messages(result: ReturnType<typeof sandbox.safeParse>) {
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

const found = (byPath: Record<string, string>) => byPath.umaDomain ?? "";

describe("formValuesFromConfig", () => {
  it("shows bounds in major units with every decimal place of the currency", () => {
    const values = formValuesFromConfig(config);
    expect(values.currencies.map((row) => [row.min, row.max])).toEqual([
      ["1.00", "10000000.00"],
      ["50", "1000000"],
    ]);
  });

  it("starts a new currency with its smallest unit and the sender's name required", () => {
    expect(newCurrencyRow("KWD")).toEqual({
      currencyCode: "KWD",
      min: "0.001",
      max: "",
      requiredCounterpartyFields: [{ name: "FULL_NAME", mandatory: true }],
      enabledTransactionTypes: ["INCOMING", "OUTGOING"],
    });
  });
});

describe("configFormSchema", () => {
  it("turns the form into minor units, unchanged values round-tripping exactly", () => {
    const result = sandbox.parse(formValuesFromConfig(config));
    expect(result.currencies.map((c) => [c.minAmount, c.maxAmount])).toEqual([
      [100, 1_000_000_000],
      [50, 1_000_000],
    ]);
    expect(result.umaDomain).toBe("demo.uma.localhost");
  });

  it("refuses bounds that do not fit the currency, and a maximum below the minimum", () => {
    const values = formValuesFromConfig(config);
    const [usd, jpy] = values.currencies;
    if (!usd || !jpy) throw new Error("fixture");
    usd.min = "10.005";
    jpy.min = "100";
    jpy.max = "99";
    expect(messages(sandbox.safeParse(values))).toEqual({
      "currencies.0.min": "USD has 2 decimal places",
      "currencies.1.max": "Must be at least the minimum",
    });
  });

  it("validates the UMA domain and the endpoint with the contract's rules", () => {
    const values = {
      ...formValuesFromConfig(config),
      umaDomain: "not a domain",
      webhookEndpoint: "http://example.com/x",
    };
    const found = messages(sandbox.safeParse(values));
    expect(Object.keys(found).sort()).toEqual(["umaDomain", "webhookEndpoint"]);
    expect(found.webhookEndpoint).toContain("https");
  });

  it("refuses a look-alike UMA domain before it is sent, and sends a one-script international name as xn--", () => {
    const mixed = messages(
      sandbox.safeParse({ ...formValuesFromConfig(config), umaDomain: "pay.ex\u0430mple.com" }),
    );
    expect(found(mixed)).toContain('mixes Latin letters with Cyrillic ones ("\u0430" U+0430)');
    const joined = messages(
      sandbox.safeParse({ ...formValuesFromConfig(config), umaDomain: "pay.exa\u200dmple.com" }),
    );
    expect(found(joined)).toContain("invisible characters (U+200D)");
    const idn = sandbox.parse({ ...formValuesFromConfig(config), umaDomain: " пример.рф " });
    expect(idn.umaDomain).toBe("xn--e1afmkfd.xn--p1ai");
  });

  it("trims a stray ASCII space at the endpoint's edges, and refuses Unicode whitespace instead of trimming it", () => {
    const spaced = { ...formValuesFromConfig(config), webhookEndpoint: "  https://example.com/hooks \t" };
    const parsed = sandbox.safeParse(spaced);
    expect(parsed.success && parsed.data.webhookEndpoint).toBe("https://example.com/hooks");
    for (const ch of ["\u00a0", "\u2028", "\u3000"]) {
      const values = { ...formValuesFromConfig(config), webhookEndpoint: `https://example.com/hooks${ch}` };
      expect(messages(sandbox.safeParse(values))).toEqual({
        webhookEndpoint: "Must not contain spaces, invisible or control characters",
      });
    }
  });

  it("lets plain http to localhost through only in the sandbox", () => {
    const values = { ...formValuesFromConfig(config), webhookEndpoint: "http://localhost:3000/api/webhooks" };
    expect(sandbox.safeParse(values).success).toBe(true);
    const production = configFormSchema({ environment: "production", endpointRequired: true });
    expect(messages(production.safeParse(values))).toEqual({
      webhookEndpoint: "Production endpoints must use https",
    });
    // Left as saved (a local production platform answers the console on loopback), it does not block the rest.
    const saved = configFormSchema({
      environment: "production",
      endpointRequired: true,
      savedEndpoint: "http://localhost:3000/api/webhooks",
    });
    expect(saved.safeParse(values).success).toBe(true);
    expect(
      messages(saved.safeParse({ ...values, webhookEndpoint: "http://localhost:3001/api/webhooks" })),
    ).toEqual({ webhookEndpoint: "Production endpoints must use https" });
  });

  it("does not let a configured endpoint be emptied, nor the currency list", () => {
    const values = { ...formValuesFromConfig(config), webhookEndpoint: "", currencies: [] };
    expect(messages(sandbox.safeParse(values))).toEqual({
      webhookEndpoint: "An endpoint can be changed but not removed",
      currencies: "Support at least one currency",
    });
    const unset = configFormSchema({ environment: "sandbox", endpointRequired: false });
    expect(unset.safeParse({ ...formValuesFromConfig(config), webhookEndpoint: "" }).success).toBe(true);
  });
});

describe("formPathForServerField", () => {
  it("lands the API's field errors on the form's fields", () => {
    expect(formPathForServerField("umaDomain")).toBe("umaDomain");
    expect(formPathForServerField("supportedCurrencies.2.maxAmount")).toBe("currencies.2.max");
    expect(formPathForServerField("supportedCurrencies.0.minAmount")).toBe("currencies.0.min");
    expect(formPathForServerField("supportedCurrencies.1.requiredCounterpartyFields.0.name")).toBe(
      "currencies.1.requiredCounterpartyFields",
    );
    expect(formPathForServerField("supportedCurrencies.1.providerRequiredCustomerFields")).toBe(
      "currencies.1.currencyCode",
    );
    expect(formPathForServerField("id")).toBeNull();
  });
});
