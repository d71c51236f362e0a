import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  accountIdSchema,
  amountSchema,
  birthDateSchema,
  countryCodeSchema,
  currencyCodeSchema,
  currencySchema,
  customerIdSchema,
  DEFAULT_PAGE_LIMIT,
  dateSchema,
  dateTimeSchema,
  formatId,
  hostnameIssue,
  idPrefixes,
  idSchema,
  legalNameSchema,
  MAX_ID_LENGTH,
  MAX_MINOR_AMOUNT,
  nameSchema,
  nonNegativeMinorAmountSchema,
  paginatedSchema,
  paginationQueryShape,
  parseId,
  phoneNumberSchema,
  positiveMinorAmountSchema,
  queryBooleanSchema,
  queryDateTimeSchema,
  textSchema,
  userInfoFieldNameSchema,
  userInfoFieldRequirementSchema,
  userInfoInputSchema,
} from "./common";

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe("ids", () => {
  it("accepts an id with the right prefix and refuses other prefixes, empty ids and whitespace", () => {
    expect(customerIdSchema.safeParse("Customer:abc123").success).toBe(true);
    expect(customerIdSchema.safeParse("Quote:abc123").success).toBe(false);
    expect(customerIdSchema.safeParse("Customer:").success).toBe(false);
    expect(customerIdSchema.safeParse("Customer:a b").success).toBe(false);
    expect(customerIdSchema.safeParse("customer:abc").success).toBe(false);
    expect(customerIdSchema.safeParse("abc").success).toBe(false);
  });

  it("says which form it expects", () => {
    expect(messages(customerIdSchema, "x")).toEqual(["Must be an id of the form Customer:<id>"]);
    expect(messages(customerIdSchema, undefined)).toEqual(["Required"]);
  });

  it("accepts either of several prefixes when asked", () => {
    expect(accountIdSchema.safeParse("InternalAccount:1").success).toBe(true);
    expect(accountIdSchema.safeParse("ExternalAccount:1").success).toBe(true);
    expect(accountIdSchema.safeParse("Customer:1").success).toBe(false);
    expect(idSchema("Job").safeParse("Job:42").success).toBe(true);
  });

  it("refuses an id longer than any the API gives, so it is never echoed back whole", () => {
    const longest = `InternalAccount:${"a".repeat(MAX_ID_LENGTH - "InternalAccount:".length)}`;
    expect(accountIdSchema.safeParse(longest).success).toBe(true);
    const refused = accountIdSchema.safeParse(`${longest}a`);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      `Must be at most ${MAX_ID_LENGTH} characters`,
    ]);
  });

  it("round-trips formatId and parseId for every prefix", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...idPrefixes),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/),
        (prefix, raw) => {
          const id = formatId(prefix, raw);
          expect(parseId(id)).toEqual({ prefix, id: raw });
          expect(idSchema(prefix).safeParse(id).success).toBe(true);
        },
      ),
    );
  });

  it("parseId refuses unknown prefixes and malformed ids", () => {
    expect(parseId("Nope:1")).toBeNull();
    expect(parseId(":1")).toBeNull();
    expect(parseId("Customer:")).toBeNull();
    expect(parseId("Customer")).toBeNull();
  });
});

describe("dates", () => {
  it("accepts real days including a leap day and refuses nonexistent ones", () => {
    expect(dateSchema.safeParse("2024-02-29").success).toBe(true);
    expect(dateSchema.safeParse("2023-02-29").success).toBe(false);
    expect(dateSchema.safeParse("2023-02-30").success).toBe(false);
    expect(dateSchema.safeParse("2023-04-31").success).toBe(false);
    expect(dateSchema.safeParse("2023-13-01").success).toBe(false);
  });

  it("refuses other formats", () => {
    for (const bad of ["2023-1-05", "05/01/2023", "2023-01-05T00:00:00Z", "20230105", ""]) {
      expect(messages(dateSchema, bad)).toEqual(["Must be a real date in YYYY-MM-DD form"]);
    }
  });

  describe("birth dates, with the clock at 2025-06-15T12:00Z", () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2025-06-15T12:00:00Z"));
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("accepts today and the date already reached in UTC+14, refuses the day after", () => {
      expect(birthDateSchema.safeParse("2025-06-15").success).toBe(true);
      expect(birthDateSchema.safeParse("2025-06-16").success).toBe(true);
      expect(messages(birthDateSchema, "2025-06-17")).toEqual(["Birth date cannot be in the future"]);
      expect(birthDateSchema.safeParse("1990-01-31").success).toBe(true);
    });

    it("still refuses a nonexistent date, with the one message that says so", () => {
      expect(messages(birthDateSchema, "1990-02-30")).toEqual(["Must be a real date in YYYY-MM-DD form"]);
      // Not also "in the future": a text that is no date was compared with today's as text.
      expect(messages(birthDateSchema, "notadate")).toEqual(["Must be a real date in YYYY-MM-DD form"]);
    });
  });

  it("accepts date-times with Z or an offset and refuses ones without", () => {
    expect(dateTimeSchema.safeParse("2025-01-31T12:00:00Z").success).toBe(true);
    expect(dateTimeSchema.safeParse("2025-01-31T12:00:00.123+05:30").success).toBe(true);
    expect(dateTimeSchema.safeParse("2025-01-31T12:00:00").success).toBe(false);
    expect(dateTimeSchema.safeParse("2025-01-31").success).toBe(false);
    expect(dateTimeSchema.safeParse("2025-02-30T12:00:00Z").success).toBe(false);
    expect(messages(dateTimeSchema, "yesterday")).toEqual([
      "Must be an ISO 8601 date-time with offset, e.g. 2025-01-31T12:00:00Z",
    ]);
  });

  it("refuses date-times no database holds: year 0, or an offset that carries 9999 into year 10000", () => {
    expect(dateTimeSchema.safeParse("0000-01-01T00:00:00Z").success).toBe(false);
    expect(dateTimeSchema.safeParse("9999-12-31T23:59:59-23:59").success).toBe(false);
    expect(dateTimeSchema.safeParse("0001-01-01T00:00:00Z").success).toBe(true);
    expect(dateTimeSchema.safeParse("9999-12-31T23:59:59Z").success).toBe(true);
  });

  it("reads a form-decoded `+` offset in a query back as `+`", () => {
    expect(queryDateTimeSchema.parse("2025-01-31T12:00:00 02:00")).toBe("2025-01-31T12:00:00+02:00");
    expect(queryDateTimeSchema.parse("2025-01-31T12:00:00Z")).toBe("2025-01-31T12:00:00Z");
    expect(queryDateTimeSchema.safeParse("2025-01-31 12:00:00").success).toBe(false);
  });
});

describe("countries and currencies", () => {
  it("accepts valid uppercase alpha-2 codes only", () => {
    expect(countryCodeSchema.safeParse("US").success).toBe(true);
    expect(countryCodeSchema.safeParse("BR").success).toBe(true);
    expect(countryCodeSchema.safeParse("XX").success).toBe(false);
    expect(countryCodeSchema.safeParse("USA").success).toBe(false);
    expect(countryCodeSchema.safeParse("840").success).toBe(false);
    expect(messages(countryCodeSchema, "us")).toEqual(["Write the country code in uppercase: US"]);
  });

  it("accepts ISO 4217 codes in uppercase only", () => {
    expect(currencyCodeSchema.safeParse("USD").success).toBe(true);
    expect(currencyCodeSchema.safeParse("JPY").success).toBe(true);
    expect(currencyCodeSchema.safeParse("usd").success).toBe(false);
    expect(currencyCodeSchema.safeParse("ABC").success).toBe(false);
    expect(currencyCodeSchema.safeParse("BTC").success).toBe(false);
  });

  it("the response currency object keeps unknown fields and allows non-ISO codes", () => {
    const parsed = currencySchema.parse({
      code: "SAT",
      name: "Satoshi",
      symbol: "sat",
      decimals: 0,
      extra: 1,
    });
    expect(parsed).toMatchObject({ code: "SAT", extra: 1 });
    expect(currencySchema.safeParse({ code: "USD", name: "Dollar", symbol: "$", decimals: -1 }).success).toBe(
      false,
    );
    expect(
      currencySchema.safeParse({ code: "USD", name: "Dollar", symbol: "$", decimals: 1.5 }).success,
    ).toBe(false);
  });

  it("amount objects need an integer amount", () => {
    const currency = { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 };
    expect(amountSchema.safeParse({ amount: 1000, currency }).success).toBe(true);
    expect(amountSchema.safeParse({ amount: 10.5, currency }).success).toBe(false);
    expect(amountSchema.safeParse({ amount: "1000", currency }).success).toBe(false);
  });
});

describe("money", () => {
  const amount = positiveMinorAmountSchema(1000);

  it("takes the exact bound and refuses one past it", () => {
    expect(amount.safeParse(1000).success).toBe(true);
    expect(messages(amount, 1001)).toEqual(["Must be at most 1,000 minor units"]);
    expect(amount.safeParse(1).success).toBe(true);
  });

  it("refuses zero, negatives, fractions, text and missing values", () => {
    expect(messages(amount, 0)).toEqual(["Must be greater than 0"]);
    expect(amount.safeParse(-5).success).toBe(false);
    expect(messages(amount, 1.5)).toEqual(["Must be a whole number of minor units (e.g. cents)"]);
    expect(amount.safeParse("100").success).toBe(false);
    expect(messages(amount, undefined)).toEqual(["Required"]);
    expect(amount.safeParse(Number.NaN).success).toBe(false);
    expect(amount.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });

  it("defaults to the 9e15 ceiling and refuses unsafe integers", () => {
    const any = positiveMinorAmountSchema();
    expect(any.safeParse(MAX_MINOR_AMOUNT).success).toBe(true);
    expect(any.safeParse(MAX_MINOR_AMOUNT + 1).success).toBe(false);
    expect(any.safeParse(2 ** 53).success).toBe(false);
    expect(any.safeParse(Number.MAX_SAFE_INTEGER).success).toBe(false);
    expect(messages(any, 2 ** 53)).toEqual(["Must be at most 9,000,000,000,000,000 minor units"]);
  });

  it("any integer above the bound fails and any in range passes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1001, max: Number.MAX_SAFE_INTEGER }),
        (n) => !amount.safeParse(n).success,
      ),
    );
    fc.assert(fc.property(fc.integer({ min: 1, max: 1000 }), (n) => amount.safeParse(n).success));
  });

  it("non-negative bounds allow zero", () => {
    expect(nonNegativeMinorAmountSchema().safeParse(0).success).toBe(true);
    expect(messages(nonNegativeMinorAmountSchema(), -1)).toEqual(["Cannot be negative"]);
  });
});

describe("pagination", () => {
  const query = z.strictObject(paginationQueryShape);

  it("defaults limit to 20 and coerces text", () => {
    expect(query.parse({})).toEqual({ limit: DEFAULT_PAGE_LIMIT });
    expect(query.parse({ limit: "50", cursor: "abc" })).toEqual({ limit: 50, cursor: "abc" });
  });

  it("takes 1 and 100, refuses 0, 101, fractions, words and empty cursors", () => {
    expect(query.parse({ limit: "1" }).limit).toBe(1);
    expect(query.parse({ limit: "100" }).limit).toBe(100);
    expect(query.safeParse({ limit: "0" }).success).toBe(false);
    expect(query.safeParse({ limit: "101" }).success).toBe(false);
    expect(query.safeParse({ limit: "2.5" }).success).toBe(false);
    expect(query.safeParse({ limit: "ten" }).success).toBe(false);
    expect(query.safeParse({ cursor: "" }).success).toBe(false);
    // One message for a number too large to be whole, not also "at most 100".
    expect(messages(query, { limit: "1e20" })).toEqual(["Must be a whole number from 1 to 100"]);
  });

  it("the envelope keeps unknown fields and requires data and hasMore", () => {
    const list = paginatedSchema(z.looseObject({ id: z.string() }));
    const parsed = list.parse({
      data: [{ id: "a", x: 1 }],
      hasMore: true,
      nextCursor: "c",
      totalCount: 3,
      v: 2,
    });
    expect(parsed).toMatchObject({ data: [{ id: "a", x: 1 }], hasMore: true, nextCursor: "c", v: 2 });
    expect(list.safeParse({ data: [] }).success).toBe(false);
    expect(list.safeParse({ data: [{ id: 1 }], hasMore: false }).success).toBe(false);
    expect(list.safeParse({ data: [], hasMore: false, totalCount: -1 }).success).toBe(false);
  });

  it("query booleans accept exactly true and false", () => {
    expect(queryBooleanSchema.parse("true")).toBe(true);
    expect(queryBooleanSchema.parse("false")).toBe(false);
    for (const bad of ["TRUE", "1", "yes", "", "False"]) {
      expect(messages(queryBooleanSchema, bad)).toEqual(['Must be "true" or "false"']);
    }
  });
});

describe("names", () => {
  it("accepts letters of any script, marks and the allowed punctuation", () => {
    for (const name of [
      "María-José O'Neil, Jr.",
      "Zoë Saldaña",
      "李小龍",
      "Nguyễn Văn A",
      "दीपिका",
      "D’Angelo",
    ]) {
      expect(nameSchema.safeParse(name).success, name).toBe(true);
    }
  });

  it("refuses digits, symbols, markup and punctuation-only names", () => {
    for (const name of ["R2-D2", "Bob <script>", "Ann@Home", "Jo_hn", "--", "Ann\nLee"]) {
      expect(nameSchema.safeParse(name).success, name).toBe(false);
    }
    expect(messages(nameSchema, "R2-D2")).toEqual([
      "Use letters, spaces, apostrophes, hyphens, periods and commas only",
    ]);
    expect(messages(nameSchema, "..")).toEqual(["Must contain at least one letter"]);
    // An empty name is told it is required, and only that (the import's check listed both for one cell).
    expect(messages(nameSchema, "  ")).toEqual(["Required"]);
    expect(messages(legalNameSchema, "")).toEqual(["Required"]);
  });

  it("trims and bounds free text", () => {
    expect(nameSchema.parse("  Ada Lovelace ")).toBe("Ada Lovelace");
    expect(messages(textSchema(5), "   ")).toEqual(["Required"]);
    expect(textSchema(5).safeParse("abcdef").success).toBe(false);
  });
});

describe("user information", () => {
  it("enumerates the eight field names", () => {
    expect(userInfoFieldNameSchema.options).toHaveLength(8);
    expect(userInfoFieldNameSchema.safeParse("FULL_NAME").success).toBe(true);
    expect(userInfoFieldNameSchema.safeParse("SSN").success).toBe(false);
  });

  it("requirements keep unknown fields", () => {
    expect(userInfoFieldRequirementSchema.parse({ name: "EMAIL", mandatory: true, x: 1 })).toEqual({
      name: "EMAIL",
      mandatory: true,
      x: 1,
    });
  });

  it("values are checked by their meaning and unknown keys are refused", () => {
    expect(
      userInfoInputSchema.safeParse({
        FULL_NAME: "Ada Lovelace",
        BIRTH_DATE: "1990-01-31",
        NATIONALITY: "GB",
        EMAIL: "ada@example.com",
        PHONE_NUMBER: "+447700900123",
      }).success,
    ).toBe(true);
    expect(userInfoInputSchema.safeParse({ BIRTH_DATE: "1990-02-30" }).success).toBe(false);
    expect(userInfoInputSchema.safeParse({ EMAIL: "nope" }).success).toBe(false);
    expect(userInfoInputSchema.safeParse({ SSN: "123" }).success).toBe(false);
  });

  it("phone numbers are E.164", () => {
    expect(phoneNumberSchema.safeParse("+5511999999999").success).toBe(true);
    expect(phoneNumberSchema.safeParse("5511999999999").success).toBe(false);
    expect(phoneNumberSchema.safeParse("+0511999999").success).toBe(false);
    expect(phoneNumberSchema.safeParse("+55 11 99999 9999").success).toBe(false);
  });
});

describe("hostnameIssue", () => {
  it("accepts domains, localhost and ports", () => {
    for (const host of [
      "example.com",
      "sandbox.uma.money",
      "localhost",
      "localhost:3000",
      "a-b.example.co:443",
    ]) {
      expect(hostnameIssue(host), host).toBeNull();
    }
  });

  it("refuses single labels, bad labels, IPs, bad ports and overlong names", () => {
    expect(hostnameIssue("example")).toBe("The domain needs a dot, like example.com");
    expect(hostnameIssue("-a.com")).toMatch(/may use only a-z, 0-9 and hyphens/);
    expect(hostnameIssue("a_b.com")).toMatch(/may use only/);
    expect(hostnameIssue("a..com")).toBe("The domain has an empty part between dots");
    expect(hostnameIssue("127.0.0.1")).toBe("Use a domain name, not an IP address");
    expect(hostnameIssue("example.com:0")).toBe("The port must be a number from 1 to 65535");
    expect(hostnameIssue("example.com:70000")).toBe("The port must be a number from 1 to 65535");
    expect(hostnameIssue(`${"a".repeat(64)}.com`)).toMatch(/longer than 63/);
    expect(hostnameIssue(`${"a.".repeat(127)}com`)).toBe("The domain is longer than 253 characters");
    expect(hostnameIssue(":80")).toBe("Add a domain, like example.com");
  });
});

describe("legalNameSchema", () => {
  it("accepts registered business names with digits, ampersands and brackets", () => {
    for (const name of ["7-Eleven", "AT&T", "Acme (UK) Ltd.", "Müller & Söhne GmbH", "A/S Nordisk"]) {
      expect(legalNameSchema.safeParse(name).success, name).toBe(true);
    }
  });

  it("refuses markup and names without a letter or digit", () => {
    for (const name of ["Acme <script>", 'Evil"Corp', "Acme; DROP", "&&", " "]) {
      expect(legalNameSchema.safeParse(name).success, name).toBe(false);
    }
  });
});
