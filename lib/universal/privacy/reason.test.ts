import { describe, expect, it } from "vitest";
import { revealBodySchema } from "../../server/transactions/reveal";
import { countVisibleCharacters, isVisibleReason } from "./reason";
import { visibleReasonSchema } from "./reason-schema";

describe("visibleReasonSchema", () => {
  it("counts letters and digits after NFKC, in any script", () => {
    expect(countVisibleCharacters("Sanctions check 42")).toBe(16);
    expect(countVisibleCharacters("制裁名单核查需要出生日期")).toBe(12);
    // Full-width letters fold to ASCII under NFKC and count once each.
    expect(countVisibleCharacters("ＡＢＣ")).toBe(3);
    expect(countVisibleCharacters("!!! ... ???")).toBe(0);
  });

  it("refuses a reason of invisible characters, however long (issue 46 item 11)", () => {
    for (const invisible of [
      "\u200b".repeat(10),
      "\u200b".repeat(500),
      "\u2060\u200c\u200d\ufeff".repeat(5),
      "\u00a0".repeat(20),
      "\u3000".repeat(20),
      "-".repeat(20),
      "a\u200bb\u200bc\u200bd\u200be\u200bf\u200bg\u200bh\u200bi\u200b",
    ]) {
      expect(isVisibleReason(invisible), JSON.stringify(invisible)).toBe(false);
      const parsed = visibleReasonSchema.safeParse(invisible);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Say why you need it, in at least 10 letters or digits.");
    }
  });

  it("accepts ten letters or digits, spaces and punctuation aside", () => {
    expect(visibleReasonSchema.parse("  Case 2024-117 review  ")).toBe("Case 2024-117 review");
    expect(visibleReasonSchema.safeParse("abcde12345").success).toBe(true);
    expect(visibleReasonSchema.safeParse("abcde 1234").success).toBe(false);
    expect(visibleReasonSchema.safeParse("x".repeat(501)).success).toBe(false);
  });

  it("is the reveal's reason", () => {
    const body = { transactionId: "Transaction:1", field: "BIRTH_DATE" };
    expect(revealBodySchema.safeParse({ ...body, justification: "\u200b".repeat(10) }).success).toBe(false);
    expect(revealBodySchema.safeParse({ ...body, justification: "Sanctions screening match" }).success).toBe(
      true,
    );
  });
});
