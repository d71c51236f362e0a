import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findUnstorableText, isUnstorableString, storableString, toStorable } from "./storable";

describe("storable text", () => {
  it("finds NUL and unpaired surrogates, and passes paired ones", () => {
    expect(isUnstorableString("a\u0000b")).toBe(true);
    expect(isUnstorableString("\ud800")).toBe(true);
    expect(isUnstorableString("x\udc00")).toBe(true);
    expect(isUnstorableString("\udc00\ud800")).toBe(true);
    expect(isUnstorableString("😀 Zoë ＝ \u0001\u007f")).toBe(false);
  });

  it("names the field at fault, keys included", () => {
    expect(findUnstorableText({ a: [1, "ok", { reason: "\ud800" }] })).toBe("a.2.reason");
    expect(findUnstorableText({ "bad\u0000key": 1 })).toBe("bad\uFFFDkey");
    expect(findUnstorableText("\u0000")).toBe("(body)");
    expect(findUnstorableText({ name: "Zoë 😀" })).toBeNull();
  });

  it("makes any string storable, changing nothing that was", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (value) => {
        const stored = storableString(value);
        expect(isUnstorableString(stored)).toBe(false);
        expect(stored.length).toBe(value.length);
        if (!isUnstorableString(value)) expect(stored).toBe(value);
        // What PostgreSQL would receive: UTF-8 that round-trips exactly.
        expect(Buffer.from(stored, "utf8").toString("utf8")).toBe(stored);
      }),
      { numRuns: 2000 },
    );
  });

  it("makes any JSON value storable", () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: "binary" }), (value) => {
        expect(findUnstorableText(toStorable(value))).toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});
