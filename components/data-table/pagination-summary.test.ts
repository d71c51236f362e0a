import { describe, expect, it } from "vitest";
import { paginationSummary } from "./pagination-summary";

const customers = { one: "customer", other: "customers" };

describe("paginationSummary", () => {
  it("names one row in the singular", () => {
    expect(paginationSummary({ count: 1, totalCount: 1 }, customers)).toBe("Showing 1 customer");
    expect(paginationSummary({ count: 1 }, customers)).toBe("Showing 1 customer");
  });

  it("says how many of how many when the page holds only some", () => {
    expect(paginationSummary({ count: 20, totalCount: 21 }, customers)).toBe("Showing 20 of 21 customers");
    expect(paginationSummary({ count: 1, totalCount: 21 }, customers)).toBe("Showing 1 of 21 customers");
    expect(paginationSummary({ count: 20, totalCount: 1204 }, customers)).toBe(
      "Showing 20 of 1,204 customers",
    );
  });

  it("counts the page alone when the total is not known or the page holds them all", () => {
    expect(paginationSummary({ count: 20 }, customers)).toBe("Showing 20 customers");
    expect(paginationSummary({ count: 3, totalCount: 3 }, customers)).toBe("Showing 3 customers");
    expect(paginationSummary({ count: 0, totalCount: 0 }, customers)).toBe("Showing 0 customers");
  });
});
