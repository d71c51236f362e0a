/**
 * The console's one rule for text it stores: PostgreSQL cannot hold NUL (U+0000) in text or jsonb, nor an unpaired
 * UTF-16 surrogate in jsonb, and an insert that meets one fails. Text typed by people is refused at the edge with a
 * 400 naming the field (`findUnstorableText`); text the console must keep whatever it holds (a signed webhook, an
 * audit summary) has those characters replaced by U+FFFD (`toStorable`), so no insert ever fails on them.
 */

import { isUnstorableString, UNSTORABLE_SOURCE } from "../../../shared/contract/storable-text";

export { isUnstorableString };

const UNSTORABLE_UNITS_ALL = new RegExp(UNSTORABLE_SOURCE, "g");

const REPLACEMENT_CHARACTER = "\uFFFD";

/** The string with every unstorable character replaced by U+FFFD. */
export function storableString(value: string): string {
  return isUnstorableString(value) ? value.replace(UNSTORABLE_UNITS_ALL, REPLACEMENT_CHARACTER) : value;
}

/**
 * The dotted path of the first string (value or object key) that cannot be stored, or null when all can. A key at
 * fault is named by its own (made storable) text.
 */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): string | null {
  if (typeof value === "string") return isUnstorableString(value) ? pathText(path) : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnstorableText(value[index], [...path, index]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (isUnstorableString(key)) return pathText([...path, storableString(key)]);
      const found = findUnstorableText(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** A copy of a JSON value whose strings and keys are all storable. */
export function toStorable<T>(value: T): T {
  if (typeof value === "string") return storableString(value) as T;
  if (Array.isArray(value)) return value.map((item) => toStorable(item)) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[storableString(key)] = toStorable(item);
    return out as T;
  }
  return value;
}

function pathText(path: (string | number)[]): string {
  return path.length === 0 ? "(body)" : path.join(".");
}
