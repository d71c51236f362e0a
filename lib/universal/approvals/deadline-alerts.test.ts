import { describe, expect, it } from "vitest";
import {
  alertLeadLabel,
  alertWatchList,
  closingBeyondSoonestPage,
  dueAlerts,
  isAlertLead,
} from "./deadline-alerts";

const now = Date.parse("2026-01-01T12:00:00.000Z");
const at = (ms: number) => new Date(now + ms).toISOString();

describe("deadline alerts", () => {
  const items = [
    { id: "soon", deadline: at(90_000) },
    { id: "later", deadline: at(400_000) },
    { id: "gone", deadline: at(-1_000) },
    { id: "none", deadline: null },
  ];

  it("alerts within the lead, once, never for a passed or absent deadline", () => {
    expect(dueAlerts(items, now, 120_000, new Set()).map((item) => item.id)).toEqual(["soon"]);
    expect(dueAlerts(items, now, 600_000, new Set()).map((item) => item.id)).toEqual(["soon", "later"]);
    expect(dueAlerts(items, now, 600_000, new Set(["soon"])).map((item) => item.id)).toEqual(["later"]);
    expect(dueAlerts(items, now, 60_000, new Set())).toEqual([]);
    expect(dueAlerts(items, now, 0, new Set())).toEqual([]);
  });

  it("names its choices", () => {
    expect(alertLeadLabel(0)).toBe("Never");
    expect(alertLeadLabel(60_000)).toBe("1 minute before");
    expect(alertLeadLabel(300_000)).toBe("5 minutes before");
    expect(isAlertLead(120_000)).toBe(true);
    expect(isAlertLead(7)).toBe(false);
  });

  // Issue 49 item 10: the queue comes a page at a time. The alerts once watched the page shown and the overview's
  // soonest three, so on a later page (or in another order) the fourth soonest payment closed unannounced.
  const entry = (id: string, deadline: string | null) => ({ transaction: { id }, deadline });
  const soonest = Array.from({ length: 50 }, (_, index) => entry(`p${index}`, at(30_000 + index * 1_000)));

  it("watches the queue's soonest page whatever page is shown, each payment once", () => {
    const laterPage = [entry("p120", at(900_000)), entry("p121", at(901_000))];
    const watched = alertWatchList(laterPage, soonest);
    expect(watched).toHaveLength(52);
    expect(
      dueAlerts(
        watched.map((item) => ({ id: item.transaction.id, deadline: item.deadline })),
        now,
        120_000,
        new Set(),
      ),
    ).toHaveLength(50);
    // The soonest page itself shown: no payment twice.
    expect(alertWatchList(soonest, soonest)).toHaveLength(50);
  });

  it("says more may close after the soonest page only when that page's latest deadline is within the lead", () => {
    const page = { data: soonest, nextCursor: "a.50" };
    expect(closingBeyondSoonestPage(page, now, 120_000)).toBe(true);
    expect(closingBeyondSoonestPage(page, now, 60_000)).toBe(false);
    expect(closingBeyondSoonestPage({ data: soonest }, now, 120_000)).toBe(false);
    expect(closingBeyondSoonestPage(page, now, 0)).toBe(false);
    expect(closingBeyondSoonestPage({ data: [entry("x", null)], nextCursor: "a.1" }, now, 600_000)).toBe(
      false,
    );
    expect(closingBeyondSoonestPage(undefined, now, 600_000)).toBe(false);
  });
});
