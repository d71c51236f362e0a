import { describe, expect, expectTypeOf, it } from "vitest";
import {
  activeFilterCount,
  dayEndIso,
  dayStartIso,
  defineFilters,
  type FilterValues,
  filterKeys,
  filterParsers,
  isCalendarDay,
  storedFilterValue,
} from "./filters";

const filters = defineFilters([
  { type: "text", key: "customerId", label: "Customer ID" },
  {
    type: "select",
    key: "status",
    label: "Status",
    options: [
      { value: "PENDING", label: "Pending" },
      { value: "COMPLETED", label: "Completed" },
    ],
  },
  { type: "date-range", label: "Created", fromKey: "createdAfter", toKey: "createdBefore" },
  { type: "boolean", key: "pendingApproval", label: "Awaiting approval" },
]);

describe("filter definitions", () => {
  it("type each value by its URL key", () => {
    expectTypeOf<FilterValues<typeof filters>>().toEqualTypeOf<
      { customerId: string | null; status: string | null; pendingApproval: boolean | null } & {
        createdAfter: string | null;
        createdBefore: string | null;
      }
    >();
  });

  it("list every URL key, two for a date range", () => {
    expect(filterKeys(filters)).toEqual([
      "customerId",
      "status",
      "createdAfter",
      "createdBefore",
      "pendingApproval",
    ]);
  });
});

describe("filterParsers", () => {
  const parsers = filterParsers(filters);

  it("reads only known select options", () => {
    expect(parsers.status?.parse("PENDING")).toBe("PENDING");
    expect(parsers.status?.parse("BOGUS")).toBeNull();
  });

  it("reads values a select accepts beyond its options, and nothing else", () => {
    const [currency] = defineFilters([
      {
        type: "select",
        key: "currency",
        label: "Currency",
        options: [{ value: "USD", label: "USD" }],
        accepts: (value: string) => /^[A-Z]{3}$/.test(value),
      },
    ]);
    const parser = filterParsers([currency]).currency;
    expect(parser?.parse("USD")).toBe("USD");
    expect(parser?.parse("EUR")).toBe("EUR");
    expect(parser?.parse("euro")).toBeNull();
  });

  it("reads only real calendar days", () => {
    expect(parsers.createdAfter?.parse("2025-02-28")).toBe("2025-02-28");
    expect(parsers.createdAfter?.parse("2025-02-30")).toBeNull();
    expect(parsers.createdBefore?.parse("yesterday")).toBeNull();
  });

  it("reads booleans and text", () => {
    expect(parsers.pendingApproval?.parse("true")).toBe(true);
    expect(parsers.customerId?.parse("cus_1")).toBe("cus_1");
  });
});

describe("a text filtered as it is typed", () => {
  it("sets its value at once and writes the address only once typing pauses; other text filters write it at once", () => {
    const parsers = filterParsers(
      defineFilters([
        { type: "text", key: "q", label: "Search", asYouType: true },
        { type: "text", key: "customerId", label: "Customer ID" },
      ]),
    );
    expect(parsers.q?.limitUrlUpdates).toEqual({ method: "debounce", timeMs: 300 });
    expect(parsers.q?.parse("Transaction:1")).toBe("Transaction:1");
    expect(parsers.customerId?.limitUrlUpdates).toBeUndefined();
  });
});

describe("activeFilterCount", () => {
  it("counts set filters, a date range once", () => {
    expect(activeFilterCount(filters, {})).toBe(0);
    expect(
      activeFilterCount(filters, {
        customerId: "cus_1",
        createdAfter: "2025-01-01",
        createdBefore: "2025-01-31",
        pendingApproval: null,
      }),
    ).toBe(2);
    expect(activeFilterCount(filters, { customerId: "", status: null, pendingApproval: false })).toBe(0);
  });
});

describe("storedFilterValue", () => {
  it("stores nothing for empty text or a switched-off toggle", () => {
    expect(storedFilterValue("  ")).toBeNull();
    expect(storedFilterValue(false)).toBeNull();
    expect(storedFilterValue(null)).toBeNull();
    expect(storedFilterValue(" cus_1 ")).toBe("cus_1");
    expect(storedFilterValue(true)).toBe(true);
  });
});

describe("calendar days", () => {
  it("accepts only real days", () => {
    expect(isCalendarDay("2024-02-29")).toBe(true);
    expect(isCalendarDay("2025-02-29")).toBe(false);
    expect(isCalendarDay("2025-13-01")).toBe(false);
    expect(isCalendarDay("2025-1-01")).toBe(false);
  });

  it("turns a range of days into inclusive timestamps in the local time zone", () => {
    expect(dayStartIso("2025-03-10")).toBe(new Date(2025, 2, 10).toISOString());
    expect(dayEndIso("2025-03-10")).toBe(new Date(new Date(2025, 2, 11).getTime() - 1).toISOString());
    expect(dayEndIso("2025-12-31")).toBe(new Date(new Date(2026, 0, 1).getTime() - 1).toISOString());
    expect(dayStartIso(null)).toBeUndefined();
    expect(dayEndIso("not a day")).toBeUndefined();
  });
});
