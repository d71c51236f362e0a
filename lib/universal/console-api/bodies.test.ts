import { describe, expect, it } from "vitest";
import { screeningConfirmBodySchema, screeningDismissBodySchema } from "./bodies";

describe("a screening match's dismissal or confirmation", () => {
  const hit = { listId: "un", entryId: "QDi.017" };
  it.each([
    ["ten zero-width spaces", "\u200b".repeat(10)],
    ["ten dots", ".........."],
    ["punctuation and spaces", "- - - ! ? - - - . ,"],
    ["nine letters among spaces", "a b c d e f g h i"],
  ])("refuses %s as its reason", (_, reason) => {
    for (const schema of [screeningDismissBodySchema, screeningConfirmBodySchema]) {
      const parsed = schema.safeParse({ ...hit, reason });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(["reason"]);
      expect(parsed.error?.issues[0]?.message).toMatch(/at least 10 letters or digits/);
    }
  });

  it("takes a reason a person can read, trimmed", () => {
    for (const schema of [screeningDismissBodySchema, screeningConfirmBodySchema]) {
      expect(schema.parse({ ...hit, reason: "  Different date of birth: 1961 vs 1990  " }).reason).toBe(
        "Different date of birth: 1961 vs 1990",
      );
    }
  });
});
