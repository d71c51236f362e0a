import {
  createParser,
  debounce,
  parseAsBoolean,
  parseAsString,
  parseAsStringLiteral,
  type SingleParserBuilder,
} from "nuqs";
import { idPattern } from "@/shared/contract/limits";

/**
 * Filter definitions for a list. Each value lives in the URL under its key, so name keys after the API's query
 * parameters (`status`, `customerId`, `createdAfter`): the page then passes the values through unchanged.
 */
export type TextFilter = {
  type: "text";
  key: string;
  label: string;
  placeholder?: string;
  /**
   * For a list filtered in the browser (the approval queue): it narrows with every keystroke, so it has settled
   * before anyone aims at what it shows, instead of moving under the pointer when typing pauses; the address still
   * takes the text only once typing pauses. Off for lists the server filters, where each value is a request.
   */
  asYouType?: boolean;
};

type SelectOption = { value: string; label: string };

export type SelectFilter = {
  type: "select";
  key: string;
  label: string;
  options: readonly SelectOption[];
  /** The "no filter" choice; "All" unless given. */
  allLabel?: string;
  /**
   * Other values the URL may hold, for options drawn from data: a value chosen from them stays chosen (and shown)
   * after the data stops offering it, instead of the filter silently lifting.
   */
  accepts?: (value: string) => boolean;
};

/** Two calendar days (`YYYY-MM-DD`), each optional; see dayStartIso / dayEndIso to turn them into timestamps. */
export type DateRangeFilter = {
  type: "date-range";
  label: string;
  fromKey: string;
  toKey: string;
  fromLabel?: string;
  toLabel?: string;
};

/** A switch: on puts `key=true` in the URL, off removes it (no filter). */
export type BooleanFilter = {
  type: "boolean";
  key: string;
  label: string;
};

/**
 * An amount range in one currency: the currency's code and two bounds in its major units ("10.50"), each
 * optional; the bounds mean nothing without the currency, which the control says.
 */
export type AmountRangeFilter = {
  type: "amount-range";
  label: string;
  currencyKey: string;
  minKey: string;
  maxKey: string;
  /** What the bounds apply to, shown under the control: "The Amount column, in the chosen currency". */
  description: string;
};

/** One customer, searched for by name and kept in the URL by its id (`customerId=Customer:…`). */
export type CustomerFilter = {
  type: "customer";
  key: string;
  label: string;
};

/**
 * An account, kept in the URL as the API takes it: an account's id (or, where the API matches one, a UMA address),
 * typed or pasted as text. An account's id reads back as its name ("Platform USD account", "James Carter's EUR
 * account") with a button that lifts it, so a list opened from an account's "Payments" link says whose it is.
 */
export type AccountFilter = {
  type: "account";
  key: string;
  label: string;
  placeholder?: string;
};

/** An id an account filter reads back by name: an internal or a bank account's. */
export const ACCOUNT_ID = idPattern("InternalAccount", "ExternalAccount");

export type FilterDef =
  | TextFilter
  | AccountFilter
  | SelectFilter
  | DateRangeFilter
  | BooleanFilter
  | AmountRangeFilter
  | CustomerFilter;

type ScalarFilter = Exclude<FilterDef, DateRangeFilter | AmountRangeFilter>;

/** The values of a list's filters, keyed by URL key; null when a filter is not set. */
export type FilterValues<Filters extends readonly FilterDef[]> = {
  [F in Extract<Filters[number], ScalarFilter> as F["key"]]: F extends BooleanFilter
    ? boolean | null
    : string | null;
} & {
  [F in Extract<Filters[number], DateRangeFilter | AmountRangeFilter> as RangeKeys<F>]: string | null;
};

/** The URL keys of a filter of several values: a date range's two days, an amount range's currency and bounds. */
type RangeKeys<F> = F extends DateRangeFilter
  ? F["fromKey"] | F["toKey"]
  : F extends AmountRangeFilter
    ? F["currencyKey"] | F["minKey"] | F["maxKey"]
    : never;

/** Keeps the literal keys of a filter list, so FilterValues can type each value: `defineFilters([...])`. */
export function defineFilters<const Filters extends readonly FilterDef[]>(filters: Filters): Filters {
  return filters;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written `YYYY-MM-DD` (not 2025-02-30). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

// A currency code, and an amount as typed: digits with an optional fraction and thousands separators. Anything
// else in the URL reads as "not set", as a stale option does.
const parseAsCurrencyCode = createParser<string>({
  parse: (value) => (/^[A-Za-z]{3}$/.test(value) ? value.toUpperCase() : null),
  serialize: (value) => value,
});
const parseAsAmountText = createParser<string>({
  parse: (value) => (/^[\d., _]{1,40}$/.test(value) ? value : null),
  serialize: (value) => value,
});

const parseAsCalendarDay = createParser<string>({
  parse: (value) => (isCalendarDay(value) ? value : null),
  serialize: (value) => value,
});

/** How long typing pauses before a text filtered as it is typed reaches the address bar. */
const ADDRESS_PAUSE_MS = 300;

type FilterParser = SingleParserBuilder<string> | SingleParserBuilder<boolean>;

/** One nuqs parser per URL key; values that do not parse (a stale option, a bad date) read as "not set". */
export function filterParsers(filters: readonly FilterDef[]): Record<string, FilterParser> {
  const parsers: Record<string, FilterParser> = {};
  for (const filter of filters) {
    switch (filter.type) {
      case "customer":
      case "account":
        parsers[filter.key] = parseAsString;
        break;
      case "text":
        parsers[filter.key] = filter.asYouType
          ? parseAsString.withOptions({ limitUrlUpdates: debounce(ADDRESS_PAUSE_MS) })
          : parseAsString;
        break;
      case "select": {
        const { options, accepts } = filter;
        parsers[filter.key] = accepts
          ? createParser<string>({
              parse: (value) =>
                options.some((option) => option.value === value) || accepts(value) ? value : null,
              serialize: (value) => value,
            })
          : parseAsStringLiteral(options.map((option) => option.value));
        break;
      }
      case "date-range":
        parsers[filter.fromKey] = parseAsCalendarDay;
        parsers[filter.toKey] = parseAsCalendarDay;
        break;
      case "boolean":
        parsers[filter.key] = parseAsBoolean;
        break;
      case "amount-range":
        parsers[filter.currencyKey] = parseAsCurrencyCode;
        parsers[filter.minKey] = parseAsAmountText;
        parsers[filter.maxKey] = parseAsAmountText;
        break;
    }
  }
  return parsers;
}

/** Every URL key the filters use. */
export function filterKeys(filters: readonly FilterDef[]): string[] {
  return filters.flatMap((filter) =>
    filter.type === "date-range"
      ? [filter.fromKey, filter.toKey]
      : filter.type === "amount-range"
        ? [filter.currencyKey, filter.minKey, filter.maxKey]
        : [filter.key],
  );
}

/** Each URL key's name as a person reads it: the filter's label, "Created from" / "Created to" for a range. */
export function filterKeyLabels(filters: readonly FilterDef[]): Record<string, string> {
  return Object.fromEntries(
    filters.flatMap((filter): [string, string][] =>
      filter.type === "date-range"
        ? [
            [filter.fromKey, `${filter.label} from`],
            [filter.toKey, `${filter.label} to`],
          ]
        : filter.type === "amount-range"
          ? [
              [filter.currencyKey, `${filter.label} currency`],
              [filter.minKey, `${filter.label} at least`],
              [filter.maxKey, `${filter.label} at most`],
            ]
          : [[filter.key, filter.label]],
    ),
  );
}

/** How many filters are set; a date range counts once. */
export function activeFilterCount(
  filters: readonly FilterDef[],
  values: Readonly<Record<string, string | boolean | null | undefined>>,
): number {
  const isSet = (key: string) => {
    const value = values[key];
    return value !== null && value !== undefined && value !== "" && value !== false;
  };
  return filters.filter((filter) =>
    filter.type === "date-range"
      ? isSet(filter.fromKey) || isSet(filter.toKey)
      : filter.type === "amount-range"
        ? isSet(filter.currencyKey) || isSet(filter.minKey) || isSet(filter.maxKey)
        : isSet(filter.key),
  ).length;
}

/** What to store for an input's value: empty text and a switched-off toggle mean "no filter". */
export function storedFilterValue(value: string | boolean | null | undefined): string | true | null {
  if (value === true) return true;
  if (typeof value === "string") {
    const trimmed = value.trim();
    return trimmed === "" ? null : trimmed;
  }
  return null;
}

function localDay(day: string): Date | null {
  if (!isCalendarDay(day)) return null;
  const [y, m, d] = day.split("-").map(Number);
  if (y === undefined || m === undefined || d === undefined) return null;
  return new Date(y, m - 1, d);
}

/** The first instant of a calendar day in the person's time zone, as an ISO timestamp for the API. */
export function dayStartIso(day: string | null | undefined): string | undefined {
  const date = day ? localDay(day) : null;
  return date ? date.toISOString() : undefined;
}

/** The last millisecond of a calendar day in the person's time zone: a "to" day includes the whole day. */
export function dayEndIso(day: string | null | undefined): string | undefined {
  const date = day ? localDay(day) : null;
  if (!date) return undefined;
  date.setDate(date.getDate() + 1);
  return new Date(date.getTime() - 1).toISOString();
}
