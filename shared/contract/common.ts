// A default import: the package is CommonJS without named exports that Node's ESM loader can see.
import { z } from "zod";
import { isCountryCode } from "./iso-3166";
// Zod's default messages in a person's words, for every schema (a side effect: zod's global configuration).
import "./messages";
import { isIsoCurrencyCode } from "./iso-4217";
import { userInfoFieldNames } from "./user-info-fields";

// Conventions of this folder:
// - A resource's own name (`customerSchema`, `addressSchema`) is the RESPONSE shape: z.looseObject, lenient
//   formats, so fields a newer API version adds pass through untouched.
// - Request bodies, queries and the objects nested in them (`addressInputSchema`) are z.strictObject with full
//   validation, so a typo in a field name is a 400 instead of a silently ignored value.

/** Zod's default "expected string, received undefined" reads badly under a form field; absence is just "Required". */
export function requiredError(issue: z.core.$ZodRawIssue): string | undefined {
  return issue.input === undefined ? "Required" : undefined;
}

/** Trimmed, non-empty free text with an upper bound (the local service stores it; unbounded text is abuse). */
export function textSchema(max: number) {
  return (
    z
      .string({ error: requiredError })
      .trim()
      // `abort`: an empty field is told only that it is required, not also what characters it may hold.
      .min(1, { error: "Required", abort: true })
      .max(max, `At most ${max} characters`)
      .regex(NO_CONTROL_CHARACTERS, "Must not contain control characters")
  );
}

// C0 control characters other than tab and line breaks: PostgreSQL cannot even store NUL in text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

// ---------------------------------------------------------------------------------------------------------
// Identifiers

export { idPrefixes } from "./limits";
export const idPrefixSchema = z.enum(idPrefixes);
export type IdPrefix = z.infer<typeof idPrefixSchema>;

/** No id the API gives is near this long; the service takes path parameters up to the same length. */
export const MAX_ID_LENGTH = 512;

/**
 * A request field that must hold an id of one of the given kinds (`Customer:<id>`), of at most MAX_ID_LENGTH
 * characters: a longer one names nothing, and would only be echoed back whole in a not-found message.
 */
export function idSchema(...prefixes: [IdPrefix, ...IdPrefix[]]) {
  const pattern = idPattern(...prefixes);
  const example = prefixes.map((p) => `${p}:<id>`).join(" or ");
  return z
    .string({ error: requiredError })
    .max(MAX_ID_LENGTH, `Must be at most ${MAX_ID_LENGTH} characters`)
    .regex(pattern, `Must be an id of the form ${example}`);
}

export function formatId(prefix: IdPrefix, id: string): string {
  return `${prefix}:${id}`;
}

export function parseId(value: string): { prefix: IdPrefix; id: string } | null {
  const colon = value.indexOf(":");
  if (colon <= 0) return null;
  const prefix = idPrefixSchema.safeParse(value.slice(0, colon));
  const id = value.slice(colon + 1);
  if (!prefix.success || id.length === 0 || /\s/.test(id)) return null;
  return { prefix: prefix.data, id };
}

export const customerIdSchema = idSchema("Customer");
export const internalAccountIdSchema = idSchema("InternalAccount");
export const externalAccountIdSchema = idSchema("ExternalAccount");
/** Quotes may move money from or to either kind of account. */
export const accountIdSchema = idSchema("InternalAccount", "ExternalAccount");
export const quoteIdSchema = idSchema("Quote");
export const transactionIdSchema = idSchema("Transaction");
export const lookupIdSchema = idSchema("Lookup");

// ---------------------------------------------------------------------------------------------------------
// Dates

// `abort`: a value that is no date stops here, so a refinement after it (a birth date not in the future) does not
// add a second, wrong message about the same field.
export const dateSchema = z.iso.date({
  error: (issue) => (issue.input === undefined ? "Required" : "Must be a real date in YYYY-MM-DD form"),
  abort: true,
});

// A birth date is compared with today's date in the easternmost time zone (UTC+14), so someone born "today"
// somewhere on Earth is never rejected because the server runs in UTC.
function latestCalendarDateOnEarth(): string {
  return new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export const birthDateSchema = dateSchema.refine(
  (value) => value <= latestCalendarDateOnEarth(),
  "Birth date cannot be in the future",
);

/** The instants a date-time may name: PostgreSQL has no year 0, and an offset can carry 9999-12-31 into year 10000. */
const EARLIEST_INSTANT = Date.parse("0001-01-01T00:00:00Z");
const LATEST_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");

export const dateTimeSchema = z.iso
  .datetime({
    offset: true,
    error: (issue) =>
      issue.input === undefined
        ? "Required"
        : "Must be an ISO 8601 date-time with offset, e.g. 2025-01-31T12:00:00Z",
    abort: true,
  })
  .refine((value) => {
    const instant = Date.parse(value);
    return instant >= EARLIEST_INSTANT && instant <= LATEST_INSTANT;
  }, "Must be a date-time between the years 1 and 9999");

/**
 * A date-time filter read from a URL. An unencoded `+02:00` offset arrives as ` 02:00` after form decoding; a space
 * can never be part of a valid value, so it is read back as the `+` it was.
 */
export const queryDateTimeSchema = z
  .string()
  .overwrite((value) => value.replace(/ (\d{2}:?\d{2})$/, "+$1"))
  .pipe(dateTimeSchema);

// ---------------------------------------------------------------------------------------------------------
// Countries and currencies

export const countryCodeSchema = z.string({ error: requiredError }).check((ctx) => {
  if (isCountryCode(ctx.value)) return;
  const message = /^[a-z]{2}$/.test(ctx.value)
    ? `Write the country code in uppercase: ${ctx.value.toUpperCase()}`
    : "Must be an ISO 3166-1 alpha-2 country code, e.g. US";
  ctx.issues.push({ code: "custom", message, input: ctx.value });
});

export const currencyCodeSchema = z
  .string({ error: requiredError })
  .refine(isIsoCurrencyCode, "Must be an ISO 4217 currency code, e.g. USD");

/**
 * Response currency object. The code is any string: the API also quotes non-ISO units (satoshis), and the
 * console must display what the API sends.
 */
export const currencySchema = z.looseObject({
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: z.int().min(0),
});
export type Currency = z.infer<typeof currencySchema>;

// ---------------------------------------------------------------------------------------------------------
// Money: integers of minor units. 9e15 is the API's own ceiling (lockedCurrencyAmount) and stays below 2^53, so
// every amount survives JSON.parse exactly.

export { MAX_MINOR_AMOUNT } from "./limits";

import { idPattern, idPrefixes, MAX_MINOR_AMOUNT } from "./limits";

// One check with one message per failure: z.int().max() reports an unsafe integer twice (safe range and max).
function minorAmountSchema(min: number, max: number, belowMin: string) {
  return z
    .number({
      error: (issue) => (issue.input === undefined ? "Required" : "Must be a number of minor units"),
    })
    .check((ctx) => {
      const value = ctx.value;
      let message: string | undefined;
      if (!Number.isInteger(value)) message = "Must be a whole number of minor units (e.g. cents)";
      else if (value < min) message = belowMin;
      else if (value > max) message = `Must be at most ${max.toLocaleString("en-US")} minor units`;
      if (message !== undefined) ctx.issues.push({ code: "custom", message, input: value });
    });
}

/** A money movement in a request: a positive integer of minor units, at most `max`. */
export function positiveMinorAmountSchema(max: number = MAX_MINOR_AMOUNT) {
  return minorAmountSchema(1, max, "Must be greater than 0");
}

/** A configured bound (minAmount, maxAmount) in a request; zero is a meaningful lower bound. */
export function nonNegativeMinorAmountSchema(max: number = MAX_MINOR_AMOUNT) {
  return minorAmountSchema(0, max, "Cannot be negative");
}

export const amountSchema = z.looseObject({
  amount: z.int(),
  currency: currencySchema,
});
export type Amount = z.infer<typeof amountSchema>;

// ---------------------------------------------------------------------------------------------------------
// Pagination

export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;

export const pageLimitSchema = z.coerce
  .number({ error: "Must be a whole number from 1 to 100" })
  .int({ error: "Must be a whole number from 1 to 100", abort: true })
  .min(1, "Must be at least 1")
  .max(MAX_PAGE_LIMIT, `Must be at most ${MAX_PAGE_LIMIT}`)
  .default(DEFAULT_PAGE_LIMIT);

export const cursorSchema = z.string().min(1, "Cannot be empty");

/** Spread into a list query's strictObject. */
export const paginationQueryShape = {
  limit: pageLimitSchema,
  cursor: cursorSchema.optional(),
};

/** Query booleans arrive as text; only the two spellings a URL builder produces are accepted. */
export const queryBooleanSchema = z.stringbool({
  truthy: ["true"],
  falsy: ["false"],
  case: "sensitive",
  error: 'Must be "true" or "false"',
});

export function paginatedSchema<Item extends z.ZodType>(item: Item) {
  return z.looseObject({
    data: z.array(item),
    hasMore: z.boolean(),
    nextCursor: z.string().optional(),
    totalCount: z.int().min(0).optional(),
  });
}
export type Paginated<Item> = {
  data: Item[];
  hasMore: boolean;
  nextCursor?: string | undefined;
  totalCount?: number | undefined;
  [key: string]: unknown;
};

export const sortOrderSchema = z.enum(["asc", "desc"]);
export type SortOrder = z.infer<typeof sortOrderSchema>;

// ---------------------------------------------------------------------------------------------------------
// People and user information

// Letters of any script plus combining marks (Devanagari, Vietnamese), spaces, apostrophes (straight and
// typographic), hyphens, periods and commas: "María-José O'Neil, Jr." passes, "R2-D2" and "Bob <script>" do not.
const NAME_PATTERN = /^[\p{L}\p{M} '’.,-]+$/u;

// Registered business names carry digits, ampersands and brackets ("7-Eleven", "AT&T", "Acme (UK) Ltd"), still
// without markup characters.
const LEGAL_NAME_PATTERN = /^[\p{L}\p{M}\p{N} '’.,&()/-]+$/u;

export const legalNameSchema = textSchema(200).check((ctx) => {
  if (!LEGAL_NAME_PATTERN.test(ctx.value)) {
    ctx.issues.push({
      code: "custom",
      message: "Use letters, digits, spaces and . , ' - & ( ) / only",
      input: ctx.value,
    });
  } else if (!/[\p{L}\p{N}]/u.test(ctx.value)) {
    ctx.issues.push({ code: "custom", message: "Must contain a letter or digit", input: ctx.value });
  }
});

export const nameSchema = textSchema(200).check((ctx) => {
  if (!NAME_PATTERN.test(ctx.value)) {
    ctx.issues.push({
      code: "custom",
      message: "Use letters, spaces, apostrophes, hyphens, periods and commas only",
      input: ctx.value,
    });
  } else if (!/\p{L}/u.test(ctx.value)) {
    ctx.issues.push({ code: "custom", message: "Must contain at least one letter", input: ctx.value });
  }
});

/** E.164: `+`, country code, subscriber number; 8 to 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;
export const phoneNumberSchema = z
  .string({ error: requiredError })
  .regex(E164_PATTERN, "Must be an international number like +5511999999999");

export const emailSchema = z.email({
  error: (issue) => (issue.input === undefined ? "Required" : "Must be an email address"),
});

export { userInfoFieldNames };
export const userInfoFieldNameSchema = z.enum(userInfoFieldNames);
export type UserInfoFieldName = z.infer<typeof userInfoFieldNameSchema>;

/** `{name, mandatory}` as the API reports it (lookup results, config, webhooks). */
export const userInfoFieldRequirementSchema = z.looseObject({
  name: userInfoFieldNameSchema,
  mandatory: z.boolean(),
});
export type UserInfoFieldRequirement = z.infer<typeof userInfoFieldRequirementSchema>;

/**
 * User information sent in a request (senderCustomerInfo, receiverCustomerInfo): only UserInfoFieldName keys,
 * each value checked by what it means, so a counterparty never receives an impossible birth date.
 */
export const userInfoInputSchema = z.strictObject({
  FULL_NAME: nameSchema.optional(),
  BIRTH_DATE: birthDateSchema.optional(),
  NATIONALITY: countryCodeSchema.optional(),
  ADDRESS: textSchema(500).optional(),
  PHONE_NUMBER: phoneNumberSchema.optional(),
  EMAIL: emailSchema.optional(),
  BUSINESS_NAME: textSchema(200).optional(),
  TAX_ID: textSchema(100).optional(),
});
export type UserInfoInput = z.infer<typeof userInfoInputSchema>;

/** User information as received (counterpartyInformation): any key, text values. */
export const userInfoRecordSchema = z.record(z.string(), z.string());
export type UserInfoRecord = z.infer<typeof userInfoRecordSchema>;

// ---------------------------------------------------------------------------------------------------------
// Hostnames (UMA domains, webhook hosts)

export { hostnameIssue } from "./uma-address-format";
