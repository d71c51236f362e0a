import { describe, expect, it } from "vitest";
import { DEFAULT_VISIBILITY } from "../privacy/fields";
import { maskPersonalData } from "../privacy/mask-transaction";
import type { ScreeningRecord, StoredHit } from "./records";
import { uncomparedFields, withRevealedComparison } from "./revealed-comparison";

const hit = {
  listId: "un",
  entryId: "QDi.017",
  kind: "person",
  primaryName: "THARWAT SALAH SHIHATA",
  matchedAlias: { name: "THARWAT SALAH SHIHATA", quality: "good", weak: false, kind: "primary" },
  nameScore: 1,
  score: 1,
  factors: [
    { label: "name similarity", value: 0.92 },
    { label: "date of birth match", value: 0.08 },
  ],
  fields: [
    {
      field: "name",
      verdict: "match",
      query: "Tharwat Salah Shihata",
      entry: "THARWAT SALAH SHIHATA",
      effect: 0,
    },
    { field: "dateOfBirth", verdict: "match", query: "1960-06-29", entry: "1960-06-29", effect: 0.08 },
    { field: "nationality", verdict: "missing", query: null, entry: "EG", effect: 0 },
  ],
  tokenPairs: [],
  listVersion: { listId: "un", issuedOn: "2026-02-27", contentHash: "x" },
  alert: true,
  entryHash: "h",
} as unknown as StoredHit;

const record = {
  id: "result-1",
  subjectType: "payment",
  subjectId: "Transaction:1",
  subjectName: "Tharwat Salah Shihata",
  outcome: "potential-match",
  status: "open",
  screenedAt: "2026-12-06T20:00:00.000Z",
  query: { name: "Tharwat Salah Shihata", kind: "person", dateOfBirth: "1960-06-29" },
  threshold: 0.8,
  bestScore: 1,
  hits: [hit],
  listVersions: [],
  staleLists: [],
} as unknown as ScreeningRecord;

const asCompliance = maskPersonalData(record, DEFAULT_VISIBILITY.compliance);

describe("a screening's fields hidden from the reader", () => {
  it("names the hidden fields a list entry gives, and none once they are shown", () => {
    expect(uncomparedFields(asCompliance.hits)).toEqual(["dateOfBirth"]);
    expect(uncomparedFields(record.hits)).toEqual([]);
    // A hidden field the entry has no value for would compare as missing either way: nothing to reveal for it.
    const noEntryDate = {
      ...asCompliance.hits[0],
      fields: asCompliance.hits[0]?.fields.map((field) => ({ ...field, entry: null })),
    } as StoredHit;
    expect(uncomparedFields([noEntryDate])).toEqual([]);
  });

  it("lays what a reveal showed over the screening as now stored, keeping the stored decisions", () => {
    const decidedSince = {
      ...asCompliance,
      status: "dismissed",
      hits: asCompliance.hits.map((stored) => ({
        ...stored,
        dismissed: { by: "Carla Compliance", at: "2026-12-06T20:05:00.000Z", reason: "Different person" },
      })),
    } as ScreeningRecord;
    const shown = withRevealedComparison(decidedSince, record);
    expect(shown.status).toBe("dismissed");
    expect(shown.hits[0]?.dismissed?.reason).toBe("Different person");
    expect(shown.hits[0]?.fields).toEqual(hit.fields);
    expect(shown.hits[0]?.score).toBe(1);
    expect(shown.hits[0]?.scoreLeavesOut).toBeUndefined();
    expect(shown.scoreLeavesOut).toBeUndefined();
    expect(shown.query.dateOfBirth).toBe("1960-06-29");
    // Another screening's reveal changes nothing.
    expect(withRevealedComparison(asCompliance, { ...record, id: "result-2" })).toBe(asCompliance);
    expect(withRevealedComparison(asCompliance, undefined)).toBe(asCompliance);
  });
});
