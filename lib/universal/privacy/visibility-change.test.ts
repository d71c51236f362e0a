import { describe, expect, it } from "vitest";
import { DEFAULT_VISIBILITY } from "./fields";
import { describeVisibilityChange, unmasksAny, visibilityChanges } from "./visibility-change";

describe("a change of who sees personal data", () => {
  it("lists each box changed, never the admins', and needs a second admin only when it unmasks", () => {
    const masking = visibilityChanges(DEFAULT_VISIBILITY, {
      ...DEFAULT_VISIBILITY,
      compliance: [],
      admin: [],
    });
    expect(masking).toEqual([
      { role: "compliance", category: "name", unmasked: false },
      { role: "compliance", category: "nationality", unmasked: false },
    ]);
    expect(unmasksAny(masking)).toBe(false);
    const unmasking = visibilityChanges(DEFAULT_VISIBILITY, {
      ...DEFAULT_VISIBILITY,
      viewer: ["name", "contact", "taxId"],
      compliance: ["name"],
    });
    expect(unmasksAny(unmasking)).toBe(true);
    expect(describeVisibilityChange(unmasking)).toBe(
      "Show senders' names, email and phone and tax ids unmasked to viewers; mask senders' nationality from compliance officers",
    );
    expect(visibilityChanges(DEFAULT_VISIBILITY, { ...DEFAULT_VISIBILITY })).toEqual([]);
    expect(describeVisibilityChange([])).toBe("No change");
  });
});
