import { describe, expect, it } from "vitest";
import { moveFocus, TRIAGE_KEYS, triageAction } from "./triage-keys";

const press = (key: string, extra: Partial<Parameters<typeof triageAction>[0]> = {}) =>
  triageAction({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    typing: false,
    dialogOpen: false,
    ...extra,
  });

describe("triageAction", () => {
  it("maps each listed key, either case", () => {
    for (const { key, action } of TRIAGE_KEYS) {
      expect(press(key)).toBe(action);
      expect(press(key.toUpperCase())).toBe(action);
    }
    expect(press("j")).toBe("next");
    expect(press("K")).toBe("previous");
  });

  it("ignores other keys, modified keys, typing and open dialogs", () => {
    expect(press("b")).toBeNull();
    expect(press("Enter")).toBeNull();
    expect(press("a", { ctrlKey: true })).toBeNull();
    expect(press("r", { metaKey: true })).toBeNull();
    expect(press("j", { altKey: true })).toBeNull();
    expect(press("a", { typing: true })).toBeNull();
    expect(press("r", { dialogOpen: true })).toBeNull();
  });
});

describe("moveFocus", () => {
  it("starts at the first (J) or last (K) card and stays within the list", () => {
    expect(moveFocus(-1, 1, 3)).toBe(0);
    expect(moveFocus(-1, -1, 3)).toBe(2);
    expect(moveFocus(0, -1, 3)).toBe(0);
    expect(moveFocus(2, 1, 3)).toBe(2);
    expect(moveFocus(1, 1, 3)).toBe(2);
    expect(moveFocus(5, -1, 3)).toBe(2);
    expect(moveFocus(0, 1, 0)).toBe(-1);
  });
});
