import { describe, expect, it } from "vitest";
import { formatTypedAmount, majorUnitsIssue, parseMajorUnits } from "./amount-input";
import { majorUnitsAmountSchema } from "./amount-schema";

const USD = { code: "USD", decimals: 2 };
const JPY = { code: "JPY", decimals: 0 };
const KWD = { code: "KWD", decimals: 3 };

const minor = (input: string, currency = USD) => {
  const result = parseMajorUnits(input, currency);
  return result.ok ? result.minor : result.issue;
};

describe("parseMajorUnits", () => {
  it("converts exactly by the currency's decimals, where floats would not", () => {
    expect(minor("0.29")).toBe(29n);
    expect(minor("1.005", KWD)).toBe(1005n);
    expect(minor("19.99")).toBe(1999n);
    expect(minor("1234")).toBe(123400n);
    expect(minor("1234", JPY)).toBe(1234n);
    expect(minor("0.1", KWD)).toBe(100n);
    // 90 trillion dollars: past Number's exact decimal range once multiplied by 100 in floating point.
    expect(minor("90071992547409.93")).toBe(9007199254740993n);
  });

  it("accepts the ways people write amounts", () => {
    expect(minor("1,234.56")).toBe(123456n);
    expect(minor(" 1 234.5 ")).toBe(123450n);
    expect(minor(".5")).toBe(50n);
    expect(minor("5.")).toBe(500n);
    expect(minor("1.500")).toBe(150n);
    expect(minor("007.10")).toBe(710n);
  });

  it("refuses what it cannot read exactly, saying why", () => {
    expect(minor("")).toBe("Enter an amount");
    expect(minor("-5")).toBe("Enter a positive amount");
    expect(minor("12,50")).toBe("Use a point for decimals, like 1234.56");
    expect(minor("1,23.4")).toBe("Enter a number, like 1234.56");
    expect(minor("1e3")).toBe("Enter a number, like 1234.56");
    expect(minor("$5")).toBe("Enter a number, like 1234.56");
    expect(minor("1.001")).toBe("USD amounts have at most 2 decimal places");
    expect(minor("1.5", JPY)).toBe("JPY has no minor units; enter a whole number");
    expect(minor("1.0001", KWD)).toBe("KWD amounts have at most 3 decimal places");
  });
});

describe("majorUnitsIssue and majorUnitsAmountSchema", () => {
  it("checks bounds in minor units and states them in the currency", () => {
    expect(majorUnitsIssue("0", USD)).toBe("Must be greater than 0");
    expect(majorUnitsIssue("0.00", USD)).toBe("Must be greater than 0");
    expect(majorUnitsIssue("0.50", USD, { min: 100 })).toBe("Must be at least $1.00");
    expect(majorUnitsIssue("1000000000.01", USD, { max: 100_000_000_000 })).toBe(
      "Must be at most $1,000,000,000.00",
    );
    expect(majorUnitsIssue("1000000000.00", USD, { max: 100_000_000_000 })).toBeNull();
  });

  it("parses a form value into the integer the API takes", () => {
    const schema = majorUnitsAmountSchema(USD);
    expect(schema.parse("123.45")).toBe(12345);
    const failed = schema.safeParse("12.345");
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe("USD amounts have at most 2 decimal places");
  });

  it("shows the typed amount as the currency writes it", () => {
    expect(formatTypedAmount("1234.5", USD)).toBe("$1,234.50");
    expect(formatTypedAmount("1234", JPY)).toBe("¥1,234");
    expect(formatTypedAmount("abc", USD)).toBeNull();
  });
});
