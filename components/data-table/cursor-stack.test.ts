import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CursorState,
  FIRST_PAGE,
  hasPreviousPage,
  nextPageState,
  normaliseCursorState,
  pageNumber,
  previousPageState,
} from "./cursor-stack";

describe("cursor stack", () => {
  it("walks forward, remembering how it got here", () => {
    const page2 = nextPageState(FIRST_PAGE, "c1");
    expect(page2).toEqual({ cursor: "c1", previous: [] });
    const page3 = nextPageState(page2, "c2");
    expect(page3).toEqual({ cursor: "c2", previous: ["c1"] });
    const page4 = nextPageState(page3, "c3");
    expect(page4).toEqual({ cursor: "c3", previous: ["c1", "c2"] });
    expect([FIRST_PAGE, page2, page3, page4].map(pageNumber)).toEqual([1, 2, 3, 4]);
  });

  it("walks back to the first page", () => {
    const page3: CursorState = { cursor: "c2", previous: ["c1"] };
    const page2 = previousPageState(page3);
    expect(page2).toEqual({ cursor: "c1", previous: [] });
    expect(previousPageState(page2)).toEqual(FIRST_PAGE);
    expect(previousPageState(FIRST_PAGE)).toEqual(FIRST_PAGE);
  });

  it("knows whether there is a page before", () => {
    expect(hasPreviousPage(FIRST_PAGE)).toBe(false);
    expect(hasPreviousPage({ cursor: "c1", previous: [] })).toBe(true);
  });

  it("treats a URL without a current cursor as the first page", () => {
    expect(normaliseCursorState({ cursor: null, previous: ["c1", "c2"] })).toEqual(FIRST_PAGE);
    expect(normaliseCursorState({ cursor: "", previous: ["c1"] })).toEqual(FIRST_PAGE);
    expect(normaliseCursorState({ cursor: "c3", previous: null })).toEqual({ cursor: "c3", previous: [] });
    expect(normaliseCursorState({ cursor: "c3", previous: ["", "c1"] })).toEqual({
      cursor: "c3",
      previous: ["c1"],
    });
    expect(nextPageState({ cursor: null, previous: ["stale"] }, "c1")).toEqual({
      cursor: "c1",
      previous: [],
    });
  });

  it("returns to the same page after any number of steps forward and as many back", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1 }), { maxLength: 30 }),
        fc.nat(30),
        (cursors, backSteps) => {
          const states = [FIRST_PAGE];
          for (const cursor of cursors)
            states.push(nextPageState(states[states.length - 1] ?? FIRST_PAGE, cursor));
          const steps = Math.min(backSteps, cursors.length);
          let state = states[states.length - 1] ?? FIRST_PAGE;
          for (let i = 0; i < steps; i++) state = previousPageState(state);
          expect(state).toEqual(states[states.length - 1 - steps]);
          expect(pageNumber(state)).toBe(cursors.length - steps + 1);
        },
      ),
    );
  });
});
