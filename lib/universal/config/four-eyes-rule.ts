import { type ConfigChange, type ConfigSettings, type CurrencySettings, diffConfig } from "./diff";

/** The parts of PATCH /config that the four-eyes setting can put under a second admin. */
export const FOUR_EYES_PARTS = ["supportedCurrencies", "umaDomain", "webhookEndpoint"] as const;
export type FourEyesPart = (typeof FOUR_EYES_PARTS)[number];

export const FOUR_EYES_PART_LABELS: Record<FourEyesPart, string> = {
  supportedCurrencies: "Supported currencies",
  umaDomain: "UMA domain",
  webhookEndpoint: "Webhook endpoint",
};

/** Each part inside a sentence ("the UMA domain"): a label lower-cased would write "uma domain". */
const PART_NOUNS: Record<FourEyesPart, string> = {
  supportedCurrencies: "the supported currencies",
  umaDomain: "the UMA domain",
  webhookEndpoint: "the webhook endpoint",
};

export function fourEyesPartNoun(part: FourEyesPart): string {
  return PART_NOUNS[part];
}

/** "the supported currencies, the UMA domain and the webhook endpoint". */
export function fourEyesPartsInWords(parts: readonly FourEyesPart[]): string {
  const nouns = parts.map(fourEyesPartNoun);
  return nouns.length <= 1 ? (nouns[0] ?? "") : `${nouns.slice(0, -1).join(", ")} and ${nouns.at(-1)}`;
}

/**
 * The parts that always need a second admin, whatever the setting says (decision 0091). The webhook endpoint is
 * where the payment API asks whether to accept each incoming payment, and its answer is the approval: one admin who
 * pointed it at a server of their own would approve every payment with no screening, policy, two-person rule or
 * emergency hold in the way. Its switch is shown on and cannot be turned off.
 */
const ALWAYS_TWO_ADMINS: readonly FourEyesPart[] = ["webhookEndpoint"];

export const alwaysTwoAdmins = (part: FourEyesPart): boolean => ALWAYS_TWO_ADMINS.includes(part);

/**
 * The `four-eyes` console setting: which parts of the configuration need a second admin. Its request schema is in
 * four-eyes-schema.ts, so the configuration page, which imports this rule, does not download zod with it.
 */
export type FourEyesSetting = { config: Record<FourEyesPart, boolean> };

/** The setting of a console that never changed it: only the parts that always need a second admin are on. */
export const FOUR_EYES_DEFAULT: FourEyesSetting = {
  config: { supportedCurrencies: false, umaDomain: false, webhookEndpoint: true },
};

/**
 * The stored setting, read leniently: a missing row or a part missing from it is off, except the parts that always
 * need a second admin (a setting stored before decision 0091 may say otherwise).
 */
export function fourEyesOf(value: unknown): FourEyesSetting {
  const config = value && typeof value === "object" ? (value as { config?: unknown }).config : undefined;
  const parts = config && typeof config === "object" ? (config as Record<string, unknown>) : {};
  return {
    config: {
      supportedCurrencies: parts.supportedCurrencies === true,
      umaDomain: parts.umaDomain === true,
      webhookEndpoint: true,
    },
  };
}

/** One part's switch changing, for the diff of a setting change. */
export type FourEyesChange = { part: FourEyesPart; from: boolean; to: boolean };

export function diffFourEyes(before: FourEyesSetting, after: FourEyesSetting): FourEyesChange[] {
  return FOUR_EYES_PARTS.filter((part) => before.config[part] !== after.config[part]).map((part) => ({
    part,
    from: before.config[part],
    to: after.config[part],
  }));
}

/**
 * Whether changing the setting needs a second admin: when the change turns a part off. Otherwise one admin could
 * switch the rule off and then change alone. Turning parts on makes the console stricter and needs no one else.
 */
export function settingChangeNeedsSecondAdmin(current: FourEyesSetting, next: FourEyesSetting): boolean {
  return diffFourEyes(current, next).some((change) => !change.to);
}

/** A PATCH /config body as far as the four-eyes rule reads it (after the contract has checked it). */
export type ConfigPatchBody = {
  umaDomain?: string | undefined;
  webhookEndpoint?: string | undefined;
  supportedCurrencies?: CurrencySettings[] | undefined;
};

/** The settings a body would leave, applied over `before` (the API replaces the whole currency list). */
export function settingsAfter(before: ConfigSettings, body: ConfigPatchBody): ConfigSettings {
  return {
    umaDomain: body.umaDomain ?? before.umaDomain,
    webhookEndpoint: body.webhookEndpoint ?? before.webhookEndpoint,
    supportedCurrencies: body.supportedCurrencies ?? before.supportedCurrencies,
  };
}

/** Which part each change of the diff belongs to. */
export function partOf(change: ConfigChange): FourEyesPart {
  return change.kind === "currency" ? "supportedCurrencies" : change.kind;
}

/**
 * The parts a body really changes: those whose value differs from `before`. A body that repeats a value already
 * configured changes nothing there. Without a `before`, every part the body names counts as changed.
 */
export function changedParts(before: ConfigSettings | null, body: ConfigPatchBody): FourEyesPart[] {
  if (!before) return FOUR_EYES_PARTS.filter((part) => body[part] !== undefined);
  const parts = new Set(diffConfig(before, settingsAfter(before, body)).map(partOf));
  return FOUR_EYES_PARTS.filter((part) => parts.has(part));
}

/** The parts of a change that need a second admin: those the setting switches on, and those that always do. */
export function partsNeedingSecondAdmin(
  setting: FourEyesSetting,
  changed: readonly FourEyesPart[],
): FourEyesPart[] {
  return changed.filter((part) => setting.config[part] || alwaysTwoAdmins(part));
}

/**
 * A proposal is stale when what it changes moved since it was made: approving it would apply a diff nobody
 * reviewed against the configuration as it is now.
 */
export function isStaleConfig(proposedOver: ConfigSettings, now: ConfigSettings): boolean {
  return diffConfig(proposedOver, now).length > 0;
}

export function isStaleSetting(proposedOver: FourEyesSetting, now: FourEyesSetting): boolean {
  return diffFourEyes(proposedOver, now).length > 0;
}
