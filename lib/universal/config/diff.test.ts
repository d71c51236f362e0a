import { describe, expect, it } from "vitest";
import type { PlatformConfig } from "../../../shared/contract";
import {
  type ConfigSettings,
  configPatch,
  countChanges,
  diffConfig,
  diffCurrencies,
  proxyUmaSubdomainOf,
  settingsFromConfig,
} from "./diff";

const config: PlatformConfig = {
  id: "PlatformConfig:1",
  umaDomain: "demo.uma.localhost",
  webhookEndpoint: "http://127.0.0.1:3000/api/webhooks",
  supportedCurrencies: [
    {
      currencyCode: "USD",
      minAmount: 100,
      maxAmount: 1_000_000_000,
      requiredCounterpartyFields: [
        { name: "FULL_NAME", mandatory: true },
        { name: "BIRTH_DATE", mandatory: false },
      ],
      providerRequiredCustomerFields: ["FULL_NAME", "BIRTH_DATE", "ADDRESS"],
      enabledTransactionTypes: ["INCOMING", "OUTGOING"],
    },
    {
      currencyCode: "EUR",
      minAmount: 100,
      maxAmount: 500_000_000,
      requiredCounterpartyFields: [{ name: "FULL_NAME", mandatory: true }],
      providerRequiredCustomerFields: ["FULL_NAME"],
      enabledTransactionTypes: ["INCOMING", "OUTGOING"],
    },
  ],
};

const before = settingsFromConfig(config);
const clone = (settings: ConfigSettings): ConfigSettings => structuredClone(settings);

describe("settingsFromConfig", () => {
  it("keeps only what PATCH /config can write", () => {
    expect(before.supportedCurrencies[0]).toEqual({
      currencyCode: "USD",
      minAmount: 100,
      maxAmount: 1_000_000_000,
      requiredCounterpartyFields: [
        { name: "FULL_NAME", mandatory: true },
        { name: "BIRTH_DATE", mandatory: false },
      ],
      enabledTransactionTypes: ["INCOMING", "OUTGOING"],
    });
    expect(settingsFromConfig({ ...config, webhookEndpoint: undefined }).webhookEndpoint).toBe("");
  });
});

describe("diffConfig", () => {
  it("finds nothing when nothing changed, whatever the order or the domain's case", () => {
    const after = clone(before);
    after.supportedCurrencies.reverse();
    after.supportedCurrencies[1]?.requiredCounterpartyFields.reverse();
    after.umaDomain = "Demo.UMA.localhost";
    expect(diffConfig(before, after)).toEqual([]);
    expect(configPatch(before, after)).toBeNull();
  });

  it("lists exactly what changed", () => {
    const after = clone(before);
    after.umaDomain = "pay.example.com";
    after.webhookEndpoint = "https://example.com/hooks";
    const usd = after.supportedCurrencies[0];
    if (!usd) throw new Error("fixture");
    usd.maxAmount = 2_000_000_000;
    usd.requiredCounterpartyFields = [
      { name: "FULL_NAME", mandatory: false },
      { name: "ADDRESS", mandatory: true },
    ];
    after.supportedCurrencies = after.supportedCurrencies.filter((c) => c.currencyCode !== "EUR");
    after.supportedCurrencies.push({
      currencyCode: "GBP",
      minAmount: 1,
      maxAmount: 2_500_000,
      requiredCounterpartyFields: [{ name: "FULL_NAME", mandatory: true }],
    });
    const changes = diffConfig(before, after);
    expect(changes).toEqual([
      { kind: "umaDomain", from: "demo.uma.localhost", to: "pay.example.com" },
      {
        kind: "webhookEndpoint",
        from: "http://127.0.0.1:3000/api/webhooks",
        to: "https://example.com/hooks",
      },
      {
        kind: "currency",
        change: {
          kind: "changed",
          currencyCode: "USD",
          changes: [
            { kind: "maxAmount", from: 1_000_000_000, to: 2_000_000_000 },
            { kind: "fieldMandatory", name: "FULL_NAME", from: true, to: false },
            { kind: "fieldAdded", name: "ADDRESS", mandatory: true },
            { kind: "fieldRemoved", name: "BIRTH_DATE", mandatory: false },
          ],
        },
      },
      { kind: "currency", change: { kind: "added", currency: after.supportedCurrencies[1] } },
      { kind: "currency", change: { kind: "removed", currency: before.supportedCurrencies[1] } },
    ]);
    expect(countChanges(changes)).toBe(8);
  });

  it("sees a webhook endpoint that differs only by trailing or invisible whitespace (issue 46 item 7)", () => {
    for (const ch of ["\u00a0", "\u2028", "\u3000", "\ufeff", "\u200b", " ", "\t"]) {
      const after = clone(before);
      after.webhookEndpoint = `${before.webhookEndpoint}${ch}`;
      expect(diffConfig(before, after), `U+${ch.codePointAt(0)?.toString(16)}`).toEqual([
        { kind: "webhookEndpoint", from: before.webhookEndpoint, to: after.webhookEndpoint },
      ]);
    }
  });

  it("builds a PATCH with only the keys that change, and the whole currency list when one changes", () => {
    const domainOnly = clone(before);
    domainOnly.umaDomain = "Pay.Example.com";
    expect(configPatch(before, domainOnly)).toEqual({ umaDomain: "pay.example.com" });

    const endpointOnly = clone(before);
    endpointOnly.webhookEndpoint = "https://example.com/hooks";
    expect(configPatch(before, endpointOnly)).toEqual({ webhookEndpoint: "https://example.com/hooks" });

    // Never trimmed: the PATCH carries exactly the string the diff compared (issue 46 item 7).
    const nbsp = clone(before);
    nbsp.webhookEndpoint = `${before.webhookEndpoint}\u00a0`;
    expect(configPatch(before, nbsp)).toEqual({ webhookEndpoint: nbsp.webhookEndpoint });

    const minOnly = clone(before);
    const eur = minOnly.supportedCurrencies[1];
    if (!eur) throw new Error("fixture");
    eur.minAmount = 500;
    expect(configPatch(before, minOnly)).toEqual({ supportedCurrencies: minOnly.supportedCurrencies });
  });
});

describe("enabled directions", () => {
  const usd = {
    currencyCode: "USD",
    minAmount: 1,
    maxAmount: 100,
    requiredCounterpartyFields: [],
    enabledTransactionTypes: ["INCOMING", "OUTGOING"] as ("INCOMING" | "OUTGOING")[],
  };
  const before = { umaDomain: "a.example", webhookEndpoint: "", supportedCurrencies: [usd] };

  it("are a change of the currency, sent in the PATCH in a stable order", () => {
    const after = {
      ...before,
      supportedCurrencies: [{ ...usd, enabledTransactionTypes: ["OUTGOING"] as ("INCOMING" | "OUTGOING")[] }],
    };
    expect(diffCurrencies(before.supportedCurrencies, after.supportedCurrencies)).toEqual([
      {
        kind: "changed",
        currencyCode: "USD",
        changes: [{ kind: "directions", from: ["INCOMING", "OUTGOING"], to: ["OUTGOING"] }],
      },
    ]);
    expect(configPatch(before, after)?.supportedCurrencies?.[0]?.enabledTransactionTypes).toEqual([
      "OUTGOING",
    ]);
  });

  it("in another order, or missing from a change recorded before they existed, are no change", () => {
    const reordered = [
      { ...usd, enabledTransactionTypes: ["OUTGOING", "INCOMING"] as ("INCOMING" | "OUTGOING")[] },
    ];
    expect(diffCurrencies(before.supportedCurrencies, reordered)).toEqual([]);
    const { enabledTransactionTypes: _, ...older } = usd;
    expect(diffCurrencies([older], before.supportedCurrencies)).toEqual([]);
  });
});

describe("diffCurrencies", () => {
  it("reports an added and a removed currency with their settings", () => {
    const gbp = {
      currencyCode: "GBP",
      minAmount: 1,
      maxAmount: 100,
      requiredCounterpartyFields: [],
    };
    expect(diffCurrencies([], [gbp])).toEqual([{ kind: "added", currency: gbp }]);
    expect(diffCurrencies([gbp], [])).toEqual([{ kind: "removed", currency: gbp }]);
  });
});

describe("proxyUmaSubdomainOf", () => {
  it("is the first label of the domain", () => {
    expect(proxyUmaSubdomainOf("Pay.Example.com")).toBe("pay");
    expect(proxyUmaSubdomainOf("localhost")).toBe("localhost");
  });
});
