import { describe, expect, it } from "vitest";
import type { ConfigSettings } from "./diff";
import {
  changedParts,
  diffFourEyes,
  FOUR_EYES_DEFAULT,
  type FourEyesSetting,
  fourEyesOf,
  fourEyesPartsInWords,
  isStaleConfig,
  isStaleSetting,
  partsNeedingSecondAdmin,
  settingChangeNeedsSecondAdmin,
  settingsAfter,
} from "./four-eyes-rule";

const usd = {
  currencyCode: "USD",
  minAmount: 100,
  maxAmount: 1_000_000,
  requiredCounterpartyFields: [{ name: "FULL_NAME" as const, mandatory: true }],
  enabledTransactionTypes: ["INCOMING" as const, "OUTGOING" as const],
};
const before: ConfigSettings = {
  umaDomain: "demo.uma.localhost",
  webhookEndpoint: "http://127.0.0.1:3000/api/webhooks",
  supportedCurrencies: [usd],
};
const setting = (parts: Partial<FourEyesSetting["config"]>): FourEyesSetting => ({
  config: { ...FOUR_EYES_DEFAULT.config, ...parts },
});

describe("which configuration changes need a second admin", () => {
  it("reads the stored setting leniently: missing means off, but the webhook endpoint is always on", () => {
    expect(fourEyesOf(undefined)).toEqual(FOUR_EYES_DEFAULT);
    expect(FOUR_EYES_DEFAULT.config).toEqual({
      supportedCurrencies: false,
      umaDomain: false,
      webhookEndpoint: true,
    });
    expect(fourEyesOf({ config: { umaDomain: true, other: true } })).toEqual(setting({ umaDomain: true }));
    expect(fourEyesOf({ config: { umaDomain: "yes" } })).toEqual(FOUR_EYES_DEFAULT);
    // A setting stored before decision 0091 with the endpoint off reads as on.
    expect(fourEyesOf({ config: { umaDomain: false, webhookEndpoint: false } }).config.webhookEndpoint).toBe(
      true,
    );
  });

  it("counts only the parts a body really changes, against the configuration before it", () => {
    const eur = { ...usd, currencyCode: "EUR" };
    expect(changedParts(before, { supportedCurrencies: [usd, eur] })).toEqual(["supportedCurrencies"]);
    // Repeating what is configured (the domain in another case, the same list) changes nothing.
    expect(changedParts(before, { umaDomain: "Demo.UMA.localhost", supportedCurrencies: [usd] })).toEqual([]);
    expect(changedParts(before, { webhookEndpoint: "https://hooks.example.com/x" })).toEqual([
      "webhookEndpoint",
    ]);
    // A look-alike is a change: the API stores the string as sent (issue 46 item 7).
    for (const ch of ["\u00a0", "\u2028", "\u3000", "\ufeff", "\u200b", " "]) {
      expect(changedParts(before, { webhookEndpoint: `${before.webhookEndpoint}${ch}` })).toEqual([
        "webhookEndpoint",
      ]);
    }
    // Without the configuration before, every part the body names counts.
    expect(changedParts(null, { umaDomain: "a.example.com", supportedCurrencies: [usd] })).toEqual([
      "supportedCurrencies",
      "umaDomain",
    ]);
  });

  it("puts under a second admin only the changed parts the setting names", () => {
    expect(partsNeedingSecondAdmin(setting({ supportedCurrencies: true }), ["umaDomain"])).toEqual([]);
    expect(
      partsNeedingSecondAdmin(setting({ supportedCurrencies: true }), ["supportedCurrencies", "umaDomain"]),
    ).toEqual(["supportedCurrencies"]);
    expect(partsNeedingSecondAdmin(FOUR_EYES_DEFAULT, ["supportedCurrencies"])).toEqual([]);
    // The webhook endpoint's answer approves payments: a change to it needs a second admin whatever the setting.
    const offByHand: FourEyesSetting = {
      config: { supportedCurrencies: false, umaDomain: false, webhookEndpoint: false },
    };
    expect(partsNeedingSecondAdmin(offByHand, ["webhookEndpoint", "umaDomain"])).toEqual(["webhookEndpoint"]);
  });

  it("applies a body over the configuration: the currency list is replaced whole", () => {
    const eur = { ...usd, currencyCode: "EUR" };
    expect(settingsAfter(before, { supportedCurrencies: [eur] }).supportedCurrencies).toEqual([eur]);
    expect(settingsAfter(before, { umaDomain: "b.example.com" }).webhookEndpoint).toBe(
      before.webhookEndpoint,
    );
  });
});

describe("changing the four-eyes setting", () => {
  it("needs a second admin to turn a part off, not to turn parts on", () => {
    expect(settingChangeNeedsSecondAdmin(FOUR_EYES_DEFAULT, setting({ supportedCurrencies: true }))).toBe(
      false,
    );
    expect(
      settingChangeNeedsSecondAdmin(
        setting({ supportedCurrencies: true }),
        setting({ supportedCurrencies: true, umaDomain: true }),
      ),
    ).toBe(false);
    expect(settingChangeNeedsSecondAdmin(setting({ supportedCurrencies: true }), FOUR_EYES_DEFAULT)).toBe(
      true,
    );
    // Turning one part off while another stays on still needs one: one admin could otherwise undo it part by part.
    expect(
      settingChangeNeedsSecondAdmin(
        setting({ supportedCurrencies: true, umaDomain: true }),
        setting({ umaDomain: true, webhookEndpoint: true }),
      ),
    ).toBe(true);
  });

  it("lists the switches that change", () => {
    expect(
      diffFourEyes(setting({ umaDomain: true }), setting({ umaDomain: false, supportedCurrencies: true })),
    ).toEqual([
      { part: "supportedCurrencies", from: false, to: true },
      { part: "umaDomain", from: true, to: false },
    ]);
  });
});

describe("a stale proposal", () => {
  it("is one whose configuration moved since it was proposed, in any part", () => {
    expect(isStaleConfig(before, structuredClone(before))).toBe(false);
    expect(isStaleConfig(before, { ...before, webhookEndpoint: "https://elsewhere.example.com/h" })).toBe(
      true,
    );
    expect(isStaleConfig(before, { ...before, supportedCurrencies: [{ ...usd, maxAmount: 5 }] })).toBe(true);
  });

  it("is, for a setting change, one whose setting moved since", () => {
    expect(isStaleSetting(setting({ umaDomain: true }), setting({ umaDomain: true }))).toBe(false);
    expect(isStaleSetting(setting({ umaDomain: true }), FOUR_EYES_DEFAULT)).toBe(true);
  });
});

describe("the parts in a sentence (issue 49 item 7)", () => {
  it("keep the UMA in UMA domain and join the parts as English does", () => {
    expect(fourEyesPartsInWords(["umaDomain"])).toBe("the UMA domain");
    expect(fourEyesPartsInWords(["supportedCurrencies", "umaDomain", "webhookEndpoint"])).toBe(
      "the supported currencies, the UMA domain and the webhook endpoint",
    );
  });
});
