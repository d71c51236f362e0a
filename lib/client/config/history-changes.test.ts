import { describe, expect, it } from "vitest";
import type { ConfigSettings } from "../../universal/config/diff";
import { historyChanges } from "./history-changes";

const usd = {
  currencyCode: "USD",
  minAmount: 100,
  maxAmount: 1_000_000,
  requiredCounterpartyFields: [{ name: "FULL_NAME" as const, mandatory: true }],
  enabledTransactionTypes: ["INCOMING" as const, "OUTGOING" as const],
};
const settings = (overrides: Partial<ConfigSettings> = {}): ConfigSettings => ({
  umaDomain: "pay.example.com",
  webhookEndpoint: "",
  supportedCurrencies: [usd],
  ...overrides,
});

describe("a configuration change in the history", () => {
  it("is the exact diff between the configuration before and after it", () => {
    const summary = {
      fields: ["umaDomain"],
      changes: { umaDomain: "new.example.com" },
      before: settings({ umaDomain: "set.elsewhere.com" }),
      after: settings({ umaDomain: "new.example.com", supportedCurrencies: [{ ...usd, maxAmount: 5 }] }),
    };
    expect(historyChanges(summary)).toEqual({
      kind: "exact",
      changes: [
        { kind: "umaDomain", from: "set.elsewhere.com", to: "new.example.com" },
        {
          kind: "currency",
          change: {
            kind: "changed",
            currencyCode: "USD",
            changes: [{ kind: "maxAmount", from: 1_000_000, to: 5 }],
          },
        },
      ],
    });
  });

  it("is only the values set when the entry has no before (older entries), never a guessed from", () => {
    expect(historyChanges({ fields: ["umaDomain"], changes: { umaDomain: "a.example.com" } })).toEqual({
      kind: "set",
      values: { umaDomain: "a.example.com" },
      fields: ["umaDomain"],
    });
    expect(
      historyChanges({ fields: ["umaDomain"], changes: { umaDomain: "a.example.com" }, after: settings() }),
    ).toMatchObject({ kind: "set" });
  });

  it("shows nothing of a summary in an unknown shape, without failing", () => {
    expect(historyChanges({ changes: { umaDomain: 3 } })).toEqual({ kind: "set", values: {}, fields: [] });
    expect(historyChanges({ before: { umaDomain: "x" }, after: settings() })).toEqual({
      kind: "set",
      values: {},
      fields: [],
    });
  });
});
