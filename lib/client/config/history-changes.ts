import { type ConfigChange, type ConfigSettings, diffConfig } from "../../universal/config/diff";
import type { ConfigChangeSummary } from "../api/config";

type SetValues = NonNullable<ConfigChangeSummary["changes"]>;

/**
 * What one configuration change in the history did, from its audit summary (lib/server/relay/steps/audit.ts):
 * - `exact`: the entry holds the configuration before and after the change, so the diff between them is exact,
 *   whoever made the change before it;
 * - `set`: an entry written before the console stored the before (or when it could not be read): only the values
 *   the change set, shown without a guessed "from".
 */
export type HistoryChanges =
  | { kind: "exact"; changes: ConfigChange[] }
  | { kind: "set"; values: SetValues; fields: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isOptional = (value: unknown, check: (value: unknown) => boolean) =>
  value === undefined || check(value);
const isString = (value: unknown) => typeof value === "string";
const isNumber = (value: unknown) => typeof value === "number" && Number.isFinite(value);
const isArrayOf = (check: (value: unknown) => boolean) => (value: unknown) =>
  Array.isArray(value) && value.every(check);
const isDirection = (value: unknown) => value === "INCOMING" || value === "OUTGOING";
const isCurrency = (value: unknown) =>
  isRecord(value) &&
  isString(value.currencyCode) &&
  isNumber(value.minAmount) &&
  isNumber(value.maxAmount) &&
  isArrayOf((field) => isRecord(field) && isString(field.name) && typeof field.mandatory === "boolean")(
    value.requiredCounterpartyFields,
  ) &&
  isOptional(value.enabledTransactionTypes, isArrayOf(isDirection));
const isSettings = (value: unknown): value is ConfigSettings =>
  isRecord(value) &&
  isString(value.umaDomain) &&
  isString(value.webhookEndpoint) &&
  isArrayOf(isCurrency)(value.supportedCurrencies);

/** Reads an entry's summary leniently by its shape: one in an unknown shape shows no details, never fails the list. */
export function historyChanges(summary: Record<string, unknown>): HistoryChanges {
  const { before, after, fields, changes } = summary;
  if (isSettings(before) && isSettings(after)) return { kind: "exact", changes: diffConfig(before, after) };
  const valid =
    isOptional(fields, isArrayOf(isString)) &&
    isOptional(
      changes,
      (value) =>
        isRecord(value) &&
        isOptional(value.umaDomain, isString) &&
        isOptional(value.webhookEndpoint, isString) &&
        isOptional(value.supportedCurrencies, isArrayOf(isCurrency)),
    );
  if (!valid) return { kind: "set", values: {}, fields: [] };
  const typed = summary as ConfigChangeSummary;
  return { kind: "set", values: typed.changes ?? {}, fields: typed.fields ?? [] };
}
