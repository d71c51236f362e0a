import { describe, expect, it } from "vitest";
import { REASON_WITHHELD } from "./reason-withheld";
import { screeningsOutcomeOnly } from "./screening-outcome-only";

const hit = {
  listId: "un",
  entryId: "QDi.017",
  kind: "person",
  primaryName: "HAFIZ MUHAMMAD SAEED",
  matchedAlias: { name: "HAFIZ MUHAMMAD SAEED", quality: "strong", weak: false, kind: "primary" },
  nameScore: 1,
  score: 1,
  factors: [{ label: "name", value: 0.92 }],
  fields: [
    { field: "name", verdict: "match", query: "H••• M••• S•••", entry: "HAFIZ MUHAMMAD SAEED", effect: 1 },
  ],
  tokenPairs: [{ query: "hafiz", entry: "hafiz", similarity: 1 }],
  listVersion: { listId: "un", issuedOn: "2026-02-27", contentHash: "abc" },
  alert: true,
  dismissed: { reason: "Different person: born 1990", by: "Carla", byId: "u1", at: "2026-12-06T10:00:00Z" },
};
const screening = {
  id: "s1",
  subjectType: "payment",
  subjectId: "Transaction:1",
  subjectName: "H••• M••• S•••",
  outcome: "potential-match",
  status: "dismissed",
  query: { name: "H••• M••• S•••" },
  threshold: 0.85,
  bestScore: 1,
  hits: [hit],
  listVersions: [],
  staleLists: [],
};

describe("a screening cut to its outcome", () => {
  it("keeps what a card's line says and drops the listed names, scores, comparisons and reasons", () => {
    const page = { data: [{ transaction: { id: "Transaction:1" }, screening }], hasMore: false };
    const cut = screeningsOutcomeOnly(page);
    const [entry] = cut.data;
    expect(entry?.screening).toMatchObject({ status: "dismissed", outcome: "potential-match", bestScore: 0 });
    expect(entry?.screening.hits[0]).toMatchObject({
      listId: "un",
      entryId: "QDi.017",
      alert: true,
      primaryName: "",
      nameScore: 0,
      score: 0,
      factors: [],
      fields: [],
      tokenPairs: [],
      dismissed: { by: "Carla", byId: "u1", reason: REASON_WITHHELD },
    });
    expect(JSON.stringify(cut)).not.toMatch(/SAEED|born 1990/);
    // What is not a screening is left as it was.
    expect(cut.data[0]?.transaction).toEqual({ id: "Transaction:1" });
    expect(cut.hasMore).toBe(false);
  });
});
