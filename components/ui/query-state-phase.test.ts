import { describe, expect, it } from "vitest";
import { queryStatePhase } from "./query-state-phase";

type List = { data: string[] };
const isEmpty = (list: List) => list.data.length === 0;
const some: List = { data: ["a"] };
const none: List = { data: [] };

describe("queryStatePhase", () => {
  it("is loading until the first answer", () => {
    expect(queryStatePhase<List>({ isPending: true, isError: false, data: undefined }, isEmpty)).toBe(
      "loading",
    );
  });

  it("says the error of a query that has no data", () => {
    expect(queryStatePhase<List>({ isPending: false, isError: true, data: undefined }, isEmpty)).toBe(
      "error",
    );
    expect(queryStatePhase<List>({ isPending: false, isError: true, data: undefined }, isEmpty, true)).toBe(
      "error",
    );
  });

  it("says a failed refresh over the data kept, unless told to keep the data", () => {
    expect(queryStatePhase({ isPending: false, isError: true, data: some }, isEmpty)).toBe("error");
    expect(queryStatePhase({ isPending: false, isError: true, data: some }, isEmpty, true)).toBe("content");
  });

  it("is empty when the answer holds nothing, content otherwise", () => {
    expect(queryStatePhase({ isPending: false, isError: false, data: none }, isEmpty)).toBe("empty");
    expect(queryStatePhase({ isPending: false, isError: false, data: some }, isEmpty)).toBe("content");
    expect(queryStatePhase({ isPending: false, isError: false, data: none })).toBe("content");
  });
});
