import { describe, expect, it } from "vitest";
import { type ScreeningRecord, type StoredHit, screeningLine } from "./records";

const hit = (entryId: string, extra: Partial<StoredHit> = {}) =>
  ({ listId: "ofac-sdn", entryId, alert: true, ...extra }) as StoredHit;
const record = (hits: StoredHit[]) =>
  ({
    outcome: "potential-match",
    status: "open",
    hits,
    listVersions: [{ listId: "ofac-sdn", issuedOn: null, contentHash: "x" }],
  }) as unknown as ScreeningRecord;
const confirmedBefore = {
  resultId: "r",
  subjectType: "payment",
  subjectId: "Transaction:1",
  at: "2026-12-06T20:00:00.000Z",
  proposedBy: "Carla Compliance",
  confirmedBy: "Cole Compliance",
  reason: "Same person",
} as const;

describe("a screening in one line (an approval card, the payment's page)", () => {
  it("counts open potential matches against the lists that matched", () => {
    expect(screeningLine(record([hit("1"), hit("2")]))).toBe("2 potential matches against OFAC SDN");
  });

  it("says an open match two officers confirmed before is a confirmed match, not a resemblance", () => {
    expect(screeningLine(record([hit("10689", { confirmedBefore })]))).toBe(
      "Confirmed match before: OFAC SDN entry 10689, by two officers",
    );
    expect(screeningLine(record([hit("1"), hit("10689", { confirmedBefore }), hit("3")]))).toBe(
      "Confirmed match before: OFAC SDN entry 10689, by two officers · 2 more potential matches against OFAC SDN",
    );
  });
});
