import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, csvFilename, withFormulaGuard, withoutFormulaGuard } from "./cells";

describe("csvCell", () => {
  it("quotes only what needs quoting", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(12.5, { text: false })).toBe("12.5");
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-2", { text: false })).toBe("-2");
  });

  it("defuses the compatibility forms of those characters too (fullwidth, small)", () => {
    for (const lead of ["\uFF1D", "\uFF0B", "\uFF0D", "\uFF20", "\uFE66", "\uFE62", "\uFE63", "\uFE6B"]) {
      expect(csvCell(`${lead}SUM(A1)`), `U+${lead.codePointAt(0)?.toString(16)}`).toBe(`'${lead}SUM(A1)`);
    }
    expect(csvCell("Ｍaría")).toBe("Ｍaría");
  });
});

describe("the formula guard", () => {
  it("guards a person's own apostrophe before formula-like text too, so that it comes back", () => {
    expect(withFormulaGuard("'=SUM(A1)")).toBe("''=SUM(A1)");
    expect(withoutFormulaGuard(withFormulaGuard("'=SUM(A1)"))).toBe("'=SUM(A1)");
    expect(csvCell("'+1")).toBe("''+1");
    expect(withFormulaGuard("'s-Hertogenbosch")).toBe("'s-Hertogenbosch");
    expect(withFormulaGuard("''")).toBe("''");
  });

  it("is taken off exactly: every text comes back as it was", () => {
    const lead = fc.constantFrom("", "'", "''", "=", "+", "-", "@", "\t", "\uFF1D", "'\uFE62", "'=", "''=");
    fc.assert(
      fc.property(lead, fc.string(), (start, rest) => {
        const text = start + rest;
        expect(withoutFormulaGuard(withFormulaGuard(text))).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("csvFilename", () => {
  it("is dated by the export's day in UTC", () => {
    expect(csvFilename("transactions", new Date("2025-03-10T23:59:00Z"))).toBe("transactions-2025-03-10.csv");
    expect(csvFilename("audit-log", new Date("2025-03-10T23:59:59.000Z"))).toBe("audit-log-2025-03-10.csv");
  });
});
