import { describe, expect, it } from "vitest";
import type { StoredHit } from "@/lib/universal/screening/records";
import { decidedMeanwhile } from "./decided-meanwhile";

const opened = { listId: "un", entryId: "QDi.1", alert: true } as unknown as StoredHit;
const carla = { id: "u-carla", name: "Carla Compliance", email: "carla@example.com" };

describe("what another officer did to a match while a dialog on it was open", () => {
  it("says a dismissal, with its reason, and closes the dialog's press", () => {
    const now = {
      ...opened,
      dismissed: { reason: "Different date of birth", by: "Carla Compliance", at: "2026-12-07T03:00:00Z" },
    } as StoredHit;
    expect(decidedMeanwhile(opened, now, "cole@example.com")).toEqual({
      text: "Carla Compliance dismissed this match meanwhile: “Different date of birth”. Nothing you typed was sent.",
      final: true,
    });
  });

  it("says a second confirmation, and closes the dialog's press", () => {
    const proposedOpen = {
      ...opened,
      confirmation: { reason: "Same", proposedBy: carla, proposedAt: "2026-12-07T03:00:00Z" },
    } as StoredHit;
    const now = {
      ...proposedOpen,
      confirmation: { ...proposedOpen.confirmation, confirmedBy: { ...carla, name: "Sam Second" } },
    } as StoredHit;
    expect(decidedMeanwhile(proposedOpen, now, "cole@example.com")?.final).toBe(true);
  });

  it("says another's proposal, leaving the press (now the second confirmation); never the reader's own", () => {
    const now = {
      ...opened,
      confirmation: { reason: "Same passport", proposedBy: carla, proposedAt: "2026-12-07T03:00:00Z" },
    } as StoredHit;
    expect(decidedMeanwhile(opened, now, "cole@example.com")?.final).toBe(false);
    expect(decidedMeanwhile(opened, now, "CARLA@example.com")).toBeUndefined();
    expect(decidedMeanwhile(opened, opened, "cole@example.com")).toBeUndefined();
  });
});
