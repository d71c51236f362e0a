import { describe, expect, it } from "vitest";
import { inUseWarning, repeatWarnings } from "./id-warnings";

const rows = Array.from({ length: 5_000 }, (_, index) => ({ rowNumber: index + 1, id: `c-${index + 1}` }));

describe("inUseWarning", () => {
  it("counts the rows of the whole file whose id is taken, names a few, and does not hedge", () => {
    const taken = ["c-30", "c-4000", "c-31", "c-32", "c-33", "c-34", "c-35"];
    expect(inUseWarning([...rows, { rowNumber: 5_001, id: "c-30" }], taken)).toBe(
      "8 of 5,001 rows give platform customer ids customers already have: c-30, c-31, c-32, c-33, c-34 and 2 more. Importing them again makes a second customer with each: take those rows out of the file first.",
    );
  });

  it("says it of one row, hedges when only the readable rows were checked, and is null when none is taken", () => {
    expect(inUseWarning(rows.slice(0, 25), ["c-25"], { readRowsOnly: true })).toBe(
      "1 of 25 rows gives the platform customer id c-25, which customers already have (of the rows read before the file stops being readable CSV). Importing it again makes a second customer with each: take those rows out of the file first.",
    );
    expect(inUseWarning(rows, [])).toBeNull();
    expect(inUseWarning(rows, ["elsewhere"])).toBeNull();
  });
});

describe("repeatWarnings", () => {
  it("names a few repeated ids with a few of their rows, and counts the rest", () => {
    const repeats = Array.from({ length: 7 }, (_, index) => ({
      id: `r-${index}`,
      rowNumbers: index === 0 ? Array.from({ length: 10 }, (_, row) => row + 1) : [index, index + 100],
    }));
    const warnings = repeatWarnings(repeats);
    expect(warnings).toHaveLength(6);
    expect(warnings[0]).toBe(
      "Rows 1, 2, 3, 4, 5, 6, 7, 8 and 2 more all give the platform customer id r-0: each would be a customer of its own.",
    );
    expect(warnings[1]).toBe(
      "Rows 1 and 101 both give the platform customer id r-1: each would be a customer of its own.",
    );
    expect(warnings[5]).toBe("2 more platform customer ids are given by several rows each.");
  });
});
