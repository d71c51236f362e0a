import { describe, expect, it } from "vitest";
import { NOTHING_CHANGED, saveStatus } from "./save-status";

const base = {
  readOnly: false,
  reason: "",
  notice: null,
  isDirty: false,
  hasErrors: false,
  decidedProposals: new Set<string>(),
};
const saved = { tone: "saved", text: "Configuration saved: 1 change applied." } as const;
const attention = { tone: "attention", text: "Some fields need attention." } as const;

describe("the save bar's line", () => {
  it("says why a reader cannot save, whatever else happened", () => {
    expect(saveStatus({ ...base, readOnly: true, reason: "Only admins", notice: saved }).text).toBe(
      "Only admins",
    );
  });

  it("says a save went through until the form is edited again", () => {
    expect(saveStatus({ ...base, notice: saved })).toEqual(saved);
    expect(saveStatus({ ...base, notice: saved, isDirty: true }).text).toBe("You have unsaved changes.");
  });

  it("calls for attention while a field is in error, and no longer once none is", () => {
    expect(saveStatus({ ...base, notice: attention, isDirty: true, hasErrors: true })).toEqual(attention);
    expect(saveStatus({ ...base, notice: attention, isDirty: true }).text).toBe("You have unsaved changes.");
  });

  it("says a save was refused over a change made meanwhile while the edit is still on the page", () => {
    const refused = {
      tone: "attention",
      text: "Someone changed …; nothing was saved.",
      aboutTheEdit: true,
    } as const;
    expect(saveStatus({ ...base, notice: refused, isDirty: true })).toEqual(refused);
    expect(saveStatus({ ...base, notice: refused }).text).toBe(NOTHING_CHANGED);
  });

  it("says whether anything is unsaved when there is nothing to tell", () => {
    expect(saveStatus(base)).toEqual({ tone: "plain", text: NOTHING_CHANGED });
    expect(NOTHING_CHANGED).toMatch(/^Nothing has changed yet/);
    expect(saveStatus({ ...base, isDirty: true }).text).toBe("You have unsaved changes.");
  });

  it("says a change was proposed only while that proposal waits", () => {
    const proposed = { tone: "saved", text: "Change proposed: …", proposalId: "p-1" } as const;
    expect(saveStatus({ ...base, notice: proposed })).toEqual(proposed);
    expect(saveStatus({ ...base, notice: proposed, decidedProposals: new Set(["p-2"]) })).toEqual(proposed);
    expect(saveStatus({ ...base, notice: proposed, decidedProposals: new Set(["p-1"]) })).toEqual({
      tone: "plain",
      text: NOTHING_CHANGED,
    });
  });
});
