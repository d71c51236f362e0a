import { describe, expect, it } from "vitest";
import { isTypedCharacter, moveFocus, TRIAGE_KEYS, triageAction } from "./triage-keys";

const press = (key: string, extra: Partial<Parameters<typeof triageAction>[0]> = {}) =>
  triageAction({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    typing: false,
    dialogOpen: false,
    sinceTyping: Number.POSITIVE_INFINITY,
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

  it("leaves to the field keys that come while someone is typing, even once the field is gone", () => {
    // A reason being typed ("r" of "ransom…") when the dialog holding it closed: the key is the word's, not Reject.
    expect(press("r", { sinceTyping: 0 })).toBeNull();
    expect(press("a", { sinceTyping: 120 })).toBeNull();
    expect(press("j", { sinceTyping: 999 })).toBeNull();
    // After a pause the keys are the queue's again.
    expect(press("r", { sinceTyping: 1_000 })).toBe("reject");
    expect(press("j", { sinceTyping: 5_000 })).toBe("next");
  });
});

describe("isTypedCharacter", () => {
  it("is a character, not a control key", () => {
    for (const key of ["r", "R", " ", "?", "é", "😀"]) expect(isTypedCharacter(key), key).toBe(true);
    for (const key of ["Escape", "Enter", "Tab", "Shift", "ArrowDown", "Backspace"]) {
      expect(isTypedCharacter(key), key).toBe(false);
    }
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
