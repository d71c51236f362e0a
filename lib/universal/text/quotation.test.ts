import { describe, expect, it } from "vitest";
import { quotedSentence } from "./quotation";

describe("quotedSentence", () => {
  it("ends a quoted sentence that has no stop of its own with one after the closing quote", () => {
    expect(quotedSentence("Same name and birth date")).toBe("“Same name and birth date”.");
  });

  it("adds no second stop after a quote that already ends a sentence", () => {
    expect(quotedSentence("Name and birth date match exactly.")).toBe("“Name and birth date match exactly.”");
    expect(quotedSentence("Is this the same person?")).toBe("“Is this the same person?”");
    expect(quotedSentence("Listed by OFAC!")).toBe("“Listed by OFAC!”");
    expect(quotedSentence("Matches the list…")).toBe("“Matches the list…”");
  });

  it("reads past spaces after the last word", () => {
    expect(quotedSentence("Matches exactly.  ")).toBe("“Matches exactly.”");
  });
});
