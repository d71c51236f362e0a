import type {
  EnabledTransactionType,
  PlatformConfig,
  UpdateConfigBody,
  UserInfoFieldName,
} from "../../../shared/contract";

/** The writable part of the platform configuration, as the form edits it and PATCH /config takes it. */
export type CounterpartyFieldSetting = { name: UserInfoFieldName; mandatory: boolean };

export type CurrencySettings = {
  currencyCode: string;
  minAmount: number;
  maxAmount: number;
  requiredCounterpartyFields: CounterpartyFieldSetting[];
  /**
   * Receiving (INCOMING) and sending (OUTGOING) payments in this currency. Absent from changes recorded before
   * directions existed (config history): then it is not compared.
   */
  enabledTransactionTypes?: EnabledTransactionType[];
};

export type ConfigSettings = {
  umaDomain: string;
  /** Empty when no endpoint is configured. */
  webhookEndpoint: string;
  supportedCurrencies: CurrencySettings[];
};

export type CurrencyFieldChange =
  | { kind: "minAmount" | "maxAmount"; from: number; to: number }
  | { kind: "fieldAdded"; name: UserInfoFieldName; mandatory: boolean }
  | { kind: "fieldRemoved"; name: UserInfoFieldName; mandatory: boolean }
  | { kind: "fieldMandatory"; name: UserInfoFieldName; from: boolean; to: boolean }
  | { kind: "directions"; from: EnabledTransactionType[]; to: EnabledTransactionType[] };

export type CurrencyChange =
  | { kind: "added"; currency: CurrencySettings }
  | { kind: "removed"; currency: CurrencySettings }
  | { kind: "changed"; currencyCode: string; changes: CurrencyFieldChange[] };

export type ConfigChange =
  | { kind: "umaDomain"; from: string; to: string }
  | { kind: "webhookEndpoint"; from: string; to: string }
  | { kind: "currency"; change: CurrencyChange };

/** The settings a configuration holds, without what the provider sets (providerRequiredCustomerFields). */
export function settingsFromConfig(config: PlatformConfig): ConfigSettings {
  return {
    umaDomain: config.umaDomain,
    webhookEndpoint: config.webhookEndpoint ?? "",
    supportedCurrencies: config.supportedCurrencies.map((currency) => ({
      currencyCode: currency.currencyCode,
      minAmount: currency.minAmount,
      maxAmount: currency.maxAmount,
      requiredCounterpartyFields: currency.requiredCounterpartyFields.map((field) => ({
        name: field.name,
        mandatory: field.mandatory,
      })),
      enabledTransactionTypes: [...currency.enabledTransactionTypes],
    })),
  };
}

/** INCOMING before OUTGOING, each once: the order a list of directions is compared and shown in. */
function orderedDirections(types: readonly EnabledTransactionType[]): EnabledTransactionType[] {
  return (["INCOMING", "OUTGOING"] as const).filter((type) => types.includes(type));
}

/** The proxy UMA subdomain the payment API derives from a UMA domain: its first label. */
export function proxyUmaSubdomainOf(umaDomain: string): string {
  return umaDomain.trim().toLowerCase().split(".", 1)[0] ?? "";
}

// The API lowercases the domain; "Pay.Example.com" is the domain already configured as "pay.example.com".
const sameDomain = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function diffFields(
  before: readonly CounterpartyFieldSetting[],
  after: readonly CounterpartyFieldSetting[],
): CurrencyFieldChange[] {
  const changes: CurrencyFieldChange[] = [];
  const old = new Map(before.map((field) => [field.name, field.mandatory]));
  const next = new Map(after.map((field) => [field.name, field.mandatory]));
  for (const field of after) {
    const was = old.get(field.name);
    if (was === undefined) changes.push({ kind: "fieldAdded", name: field.name, mandatory: field.mandatory });
    else if (was !== field.mandatory)
      changes.push({ kind: "fieldMandatory", name: field.name, from: was, to: field.mandatory });
  }
  for (const field of before) {
    if (!next.has(field.name))
      changes.push({ kind: "fieldRemoved", name: field.name, mandatory: field.mandatory });
  }
  return changes;
}

/**
 * What changes between two currency lists, currency by currency. Order is not a change: the API keeps no meaning
 * in it, and neither does the counterparty field list.
 */
export function diffCurrencies(
  before: readonly CurrencySettings[],
  after: readonly CurrencySettings[],
): CurrencyChange[] {
  const changes: CurrencyChange[] = [];
  const old = new Map(before.map((currency) => [currency.currencyCode, currency]));
  const next = new Set(after.map((currency) => currency.currencyCode));
  for (const currency of after) {
    const previous = old.get(currency.currencyCode);
    if (!previous) {
      changes.push({ kind: "added", currency });
      continue;
    }
    const fieldChanges: CurrencyFieldChange[] = [];
    if (previous.minAmount !== currency.minAmount)
      fieldChanges.push({ kind: "minAmount", from: previous.minAmount, to: currency.minAmount });
    if (previous.maxAmount !== currency.maxAmount)
      fieldChanges.push({ kind: "maxAmount", from: previous.maxAmount, to: currency.maxAmount });
    fieldChanges.push(
      ...diffFields(previous.requiredCounterpartyFields, currency.requiredCounterpartyFields),
    );
    if (previous.enabledTransactionTypes && currency.enabledTransactionTypes) {
      const from = orderedDirections(previous.enabledTransactionTypes);
      const to = orderedDirections(currency.enabledTransactionTypes);
      if (from.join() !== to.join()) fieldChanges.push({ kind: "directions", from, to });
    }
    if (fieldChanges.length > 0)
      changes.push({ kind: "changed", currencyCode: currency.currencyCode, changes: fieldChanges });
  }
  for (const currency of before) {
    if (!next.has(currency.currencyCode)) changes.push({ kind: "removed", currency });
  }
  return changes;
}

/** Every change from `before` to `after`, in the order the page shows its sections. */
export function diffConfig(before: ConfigSettings, after: ConfigSettings): ConfigChange[] {
  const changes: ConfigChange[] = [];
  if (!sameDomain(before.umaDomain, after.umaDomain)) {
    changes.push({ kind: "umaDomain", from: before.umaDomain, to: after.umaDomain.trim().toLowerCase() });
  }
  // Exactly as it will be sent: the API stores the string as given, so a trimmed comparison let a trailing U+00A0
  // change the endpoint while the four-eyes rule saw no change (issue 46 item 7). The form trims a person's stray
  // ASCII spaces before this; the contract refuses any other whitespace.
  if (before.webhookEndpoint !== after.webhookEndpoint) {
    changes.push({ kind: "webhookEndpoint", from: before.webhookEndpoint, to: after.webhookEndpoint });
  }
  for (const change of diffCurrencies(before.supportedCurrencies, after.supportedCurrencies)) {
    changes.push({ kind: "currency", change });
  }
  return changes;
}

/**
 * The PATCH /config body that makes exactly these changes: only the keys that change, and the whole currency list
 * when any currency changes (the API replaces the list). Null when nothing changes.
 */
export function configPatch(before: ConfigSettings, after: ConfigSettings): UpdateConfigBody | null {
  const changes = diffConfig(before, after);
  if (changes.length === 0) return null;
  const body: UpdateConfigBody = {};
  if (changes.some((change) => change.kind === "umaDomain"))
    body.umaDomain = after.umaDomain.trim().toLowerCase();
  if (changes.some((change) => change.kind === "webhookEndpoint"))
    body.webhookEndpoint = after.webhookEndpoint;
  if (changes.some((change) => change.kind === "currency")) {
    body.supportedCurrencies = after.supportedCurrencies.map((currency) => ({
      currencyCode: currency.currencyCode,
      minAmount: currency.minAmount,
      maxAmount: currency.maxAmount,
      requiredCounterpartyFields: currency.requiredCounterpartyFields.map((field) => ({
        name: field.name,
        mandatory: field.mandatory,
      })),
      ...(currency.enabledTransactionTypes
        ? { enabledTransactionTypes: orderedDirections(currency.enabledTransactionTypes) }
        : {}),
    }));
  }
  return body;
}

/** How many separate things a diff changes, for "3 changes" on the save bar. */
export function countChanges(changes: readonly ConfigChange[]): number {
  return changes.reduce(
    (total, change) =>
      total +
      (change.kind === "currency" && change.change.kind === "changed" ? change.change.changes.length : 1),
    0,
  );
}
