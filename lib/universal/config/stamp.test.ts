import { describe, expect, it } from "vitest";
import type { ConfigSettings } from "./diff";
import { configStamp, partsSetBy } from "./stamp";

const settings: ConfigSettings = {
  umaDomain: "pay.example.com",
  webhookEndpoint: "https://hooks.example.com/uma",
  supportedCurrencies: [
    {
      currencyCode: "EUR",
      minAmount: 100,
      maxAmount: 500_000_000,
      requiredCounterpartyFields: [{ name: "FULL_NAME", mandatory: true }],
      enabledTransactionTypes: ["INCOMING", "OUTGOING"],
    },
  ],
};

describe("configStamp", () => {
  it("is the same for the same values, whatever order their keys came in", () => {
    const reordered = {
      supportedCurrencies: settings.supportedCurrencies.map((currency) => ({
        enabledTransactionTypes: currency.enabledTransactionTypes,
        requiredCounterpartyFields: currency.requiredCounterpartyFields,
        maxAmount: currency.maxAmount,
        minAmount: currency.minAmount,
        currencyCode: currency.currencyCode,
      })),
      webhookEndpoint: settings.webhookEndpoint,
      umaDomain: settings.umaDomain,
    } as ConfigSettings;
    expect(configStamp(reordered, ["supportedCurrencies"])).toBe(
      configStamp(settings, ["supportedCurrencies"]),
    );
  });

  it("changes when a part it covers changes, and only then", () => {
    const currencies = configStamp(settings, ["supportedCurrencies"]);
    const raised = {
      ...settings,
      supportedCurrencies: [{ ...settings.supportedCurrencies[0], maxAmount: 500_000_001 }],
    } as ConfigSettings;
    expect(configStamp(raised, ["supportedCurrencies"])).not.toBe(currencies);
    // Another part changed meanwhile: a change to the currencies undoes nothing of it.
    expect(configStamp({ ...settings, umaDomain: "other.example.com" }, ["supportedCurrencies"])).toBe(
      currencies,
    );
    expect(configStamp({ ...settings, umaDomain: "other.example.com" }, ["umaDomain"])).not.toBe(
      configStamp(settings, ["umaDomain"]),
    );
  });

  it("names the parts it covers, so a stamp of other parts never matches", () => {
    expect(configStamp(settings, ["umaDomain"])).toMatch(/^umaDomain:[0-9a-f]{16}$/);
    expect(configStamp(settings, ["umaDomain", "webhookEndpoint"])).not.toBe(
      configStamp(settings, ["umaDomain"]),
    );
  });
});

describe("partsSetBy", () => {
  it("lists the parts a PATCH body sets, in one order", () => {
    expect(partsSetBy({ webhookEndpoint: "https://a.example", supportedCurrencies: [] })).toEqual([
      "supportedCurrencies",
      "webhookEndpoint",
    ]);
    expect(partsSetBy({})).toEqual([]);
  });
});
