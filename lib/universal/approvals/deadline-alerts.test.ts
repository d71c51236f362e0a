import { describe, expect, it } from "vitest";
import { alertLeadLabel, dueAlerts, isAlertLead } from "./deadline-alerts";

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
});
