import { describe, expect, it } from "vitest";
import { SEARCH_HIT_LIMIT, searchSummary } from "./search-summary";

const result = (alerts: number, below: number) => ({
  query: { name: "Usama bin Ladin" },
  threshold: 0.8,
  hits: [
    ...Array.from({ length: alerts }, () => ({ alert: true })),
    ...Array.from({ length: below }, () => ({ alert: false })),
  ] as Parameters<typeof searchSummary>[0]["hits"],
});

describe("searchSummary", () => {
  it("says no entry resembles the name when none does", () => {
    expect(searchSummary(result(0, 0))).toEqual({
      heading: "No list entry resembles Usama bin Ladin",
      shown: null,
    });
  });

  it("counts the potential matches, then the entries below the threshold, never entries compared", () => {
    expect(searchSummary(result(4, 0)).heading).toBe("4 potential matches for Usama bin Ladin");
    expect(searchSummary(result(1, 1)).heading).toBe(
      "1 potential match for Usama bin Ladin; 1 other entry resembles it below the 80% alert threshold",
    );
    expect(searchSummary(result(2, 3)).heading).toBe(
      "2 potential matches for Usama bin Ladin; 3 other entries resemble it below the 80% alert threshold",
    );
    expect(searchSummary(result(0, 2)).heading).toBe(
      "No potential match for Usama bin Ladin: 2 entries resemble it below the 80% alert threshold",
    );
    expect(searchSummary(result(0, 1)).heading).toBe(
      "No potential match for Usama bin Ladin: 1 entry resembles it below the 80% alert threshold",
    );
  });

  it("says how many are drawn, and that a count the limit may have cut is a floor", () => {
    expect(searchSummary(result(3, 7)).shown).toBeNull();
    expect(searchSummary(result(3, 8)).shown).toBe("The 10 closest are shown.");
    expect(searchSummary(result(5, SEARCH_HIT_LIMIT - 5)).heading).toBe(
      "5 potential matches for Usama bin Ladin; 15 or more other entries resemble it below the 80% alert threshold",
    );
    expect(searchSummary(result(SEARCH_HIT_LIMIT, 0)).heading).toBe(
      "20 or more potential matches for Usama bin Ladin",
    );
    expect(searchSummary(result(0, SEARCH_HIT_LIMIT)).heading).toBe(
      "No potential match for Usama bin Ladin: 20 or more entries resemble it below the 80% alert threshold",
    );
  });
});
