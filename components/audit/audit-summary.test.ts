import { describe, expect, it } from "vitest";
import { summaryLines } from "./audit-summary";

describe("summaryLines", () => {
  it("opens a role change into dotted keys", () => {
    expect(summaryLines({ changes: { role: "compliance" }, previousRole: "viewer" })).toEqual([
      { key: "changes.role", value: "compliance" },
      { key: "previousRole", value: "viewer" },
    ]);
  });

  it("joins lists and writes scalars as text", () => {
    expect(
      summaryLines({ method: "PATCH", fields: ["umaDomain", "supportedCurrencies"], amount: 1250, ok: true }),
    ).toEqual([
      { key: "method", value: "PATCH" },
      { key: "fields", value: "umaDomain, supportedCurrencies" },
      { key: "amount", value: "1250" },
      { key: "ok", value: "true" },
    ]);
  });

  it("says so for empty values instead of printing nothing", () => {
    expect(summaryLines({ fields: [], note: "", filters: {}, reason: null })).toEqual([
      { key: "fields", value: "(none)" },
      { key: "note", value: "(empty)" },
      { key: "filters", value: "(none)" },
      { key: "reason", value: "—" },
    ]);
  });

  it("stops opening objects two levels down and clips long values", () => {
    const lines = summaryLines({ a: { b: { c: { d: 1 } } }, long: "x".repeat(500) });
    expect(lines[0]).toEqual({ key: "a.b.c", value: '{"d":1}' });
    expect(lines[1]?.value).toHaveLength(160);
    expect(lines[1]?.value.endsWith("…")).toBe(true);
  });

  it("writes objects inside lists as JSON", () => {
    expect(summaryLines({ supportedCurrencies: [{ currencyCode: "USD" }] })).toEqual([
      { key: "supportedCurrencies", value: '{"currencyCode":"USD"}' },
    ]);
  });

  it("reads an international UMA domain with its xn-- form beside it, and a plain one as it is", () => {
    expect(
      summaryLines({
        changes: { umaDomain: "xn--e1afmkfd.xn--p1ai" },
        before: { umaDomain: "pay.example.com" },
      }),
    ).toEqual([
      { key: "changes.umaDomain", value: "пример.рф (xn--e1afmkfd.xn--p1ai)" },
      { key: "before.umaDomain", value: "pay.example.com" },
    ]);
  });
});
