import { describe, expect, it } from "vitest";
import { bySoonestDeadline } from "./deadline";

describe("bySoonestDeadline", () => {
  it("puts the soonest stated deadline first and payments without one last, keeping their order", () => {
    const items = [
      { id: "none-1", deadline: null },
      { id: "late", deadline: "2026-01-01T10:10:00Z" },
      { id: "none-2", deadline: null },
      { id: "soon", deadline: "2026-01-01T10:01:00Z" },
    ];
    expect([...items].sort(bySoonestDeadline).map((item) => item.id)).toEqual([
      "soon",
      "late",
      "none-1",
      "none-2",
    ]);
  });
});
