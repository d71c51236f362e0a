import type { ConfigSettings } from "./diff";
import { FOUR_EYES_PARTS, type FourEyesPart } from "./four-eyes-rule";

/** The parts of the configuration a PATCH /config sets, each replaced whole (the API replaces the currency list). */
export type StampedPart = FourEyesPart;

/**
 * The header a console page sends with a configuration change: the stamp of the parts it changes as the page showed
 * them before the edit. The console refuses the change (409 CONFIG_CHANGED_MEANWHILE) when those parts are not so
 * now: the API replaces a part whole, so saving it over someone else's change would undo theirs unseen.
 */
export const CONFIG_EXPECTED_HEADER = "x-config-expected";

/** The parts a PATCH /config body sets, in a fixed order. */
export function partsSetBy(body: Partial<Record<StampedPart, unknown>>): StampedPart[] {
  return FOUR_EYES_PARTS.filter((part) => body[part] !== undefined);
}

/**
 * A short fingerprint of `parts` of `settings`: equal exactly when they hold the same values (FNV-1a, 64 bits, over
 * their JSON with keys in a fixed order). Computed the same in the browser and on the server; it guards against a
 * lost update, not an adversary (whoever sends it could as well leave it out).
 */
export function configStamp(settings: ConfigSettings, parts: readonly StampedPart[]): string {
  const text = JSON.stringify(parts.map((part) => [part, sortedKeys(settings[part])]));
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return `${parts.join("+")}:${hash.toString(16).padStart(16, "0")}`;
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, entry]) => entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, entry]) => [key, sortedKeys(entry)]),
    );
  }
  return value;
}
