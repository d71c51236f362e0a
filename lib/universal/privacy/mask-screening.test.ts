import { describe, expect, it } from "vitest";
import { DEFAULT_VISIBILITY } from "./fields";
import { maskPersonalData } from "./mask-transaction";
import { REASON_WITHHELD } from "./reason-withheld";

const screening = {
  subjectType: "payment",
  subjectId: "Transaction:1",
  subjectName: "Tharwat Salah Shihata",
  query: { name: "Tharwat Salah Shihata", kind: "person", dateOfBirth: "1960-06-29", nationality: "EG" },
  bestScore: 0.98,
  hits: [
    {
      primaryName: "THARWAT SALAH SHIHATA",
      score: 0.98,
      fields: [
        {
          field: "name",
          verdict: "match",
          query: "Tharwat Salah Shihata",
          entry: "THARWAT SALAH SHIHATA",
          effect: 0,
        },
        { field: "dateOfBirth", verdict: "match", query: "1960-06-29", entry: "1960-06-29", effect: 0.08 },
      ],
      factors: [
        { label: "name similarity", value: 0.9 },
        { label: "dateOfBirth match", value: 0.08 },
      ],
      tokenPairs: [{ query: "tharwat", entry: "tharwat", similarity: 1 }],
    },
  ],
};

describe("a payment sender's screening, masked as the role sees the sender", () => {
  it("hides the sender's date of birth from compliance wherever the record holds it, and keeps the list's side", () => {
    const masked = maskPersonalData({ screening }, DEFAULT_VISIBILITY.compliance)
      .screening as typeof screening;
    expect(JSON.stringify(masked)).not.toContain('1960-06-29","entry":"1960-06-29');
    expect(masked.query.dateOfBirth).not.toContain("1960");
    expect(masked.hits[0]?.fields[1]?.query).not.toContain("1960");
    expect(masked.hits[0]?.fields[1]?.entry).toBe("1960-06-29");
    expect(masked.query.name).toBe("Tharwat Salah Shihata");
  });

  it("hides how the hidden date compared: a 'match' beside the list's published date would tell the sender's", () => {
    const masked = maskPersonalData({ screening }, DEFAULT_VISIBILITY.compliance)
      .screening as typeof screening;
    const hit = masked.hits[0];
    expect(hit?.fields[1]).toMatchObject({ field: "dateOfBirth", verdict: "masked", effect: 0 });
    expect(hit?.factors).toEqual([{ label: "name similarity", value: 0.9 }]);
    // The name, which compliance sees, keeps its verdict.
    expect(hit?.fields[0]?.verdict).toBe("match");
  });

  it("hides the sender's name too from a viewer, in the subject, the query, the comparison and the word pairs", () => {
    const masked = maskPersonalData({ data: [screening] }, DEFAULT_VISIBILITY.viewer)
      .data[0] as typeof screening;
    const hit = masked.hits[0];
    const shown = [
      masked.subjectName,
      masked.query.name,
      masked.query.dateOfBirth,
      masked.query.nationality,
      hit?.fields[0]?.query,
      hit?.fields[1]?.query,
    ];
    for (const value of shown) expect(value).not.toMatch(/harwat|1960|EG/);
    // No word pairs at all: a similarity of 1 beside the list's published word would spell the sender's.
    expect(hit?.tokenPairs).toEqual([]);
  });

  it("gives scores without the hidden fields' share: a score less the parts shown would be that share exactly", () => {
    const masked = maskPersonalData({ screening }, DEFAULT_VISIBILITY.compliance)
      .screening as typeof screening & {
      scoreLeavesOut?: string[];
    };
    const hit = masked.hits[0] as (typeof screening.hits)[number] & { scoreLeavesOut?: string[] };
    const shownParts = hit.factors.reduce((sum, factor) => sum + factor.value, 0);
    expect(hit.score).toBe(0.9);
    expect(hit.score - shownParts).toBe(0);
    expect(hit.scoreLeavesOut).toEqual(["BIRTH_DATE"]);
    expect(masked.bestScore).toBe(0.9);
    expect(masked.scoreLeavesOut).toEqual(["BIRTH_DATE"]);
    // Whoever sees every field gets the whole score.
    const whole = maskPersonalData({ screening }, DEFAULT_VISIBILITY.admin).screening as typeof screening;
    expect(whole.hits[0]?.score).toBe(0.98);
    expect(whole.bestScore).toBe(0.98);
  });

  it("puts the best hit by the scores shown first: two capped at 1 differ once a hidden part is gone", () => {
    const hit = screening.hits[0] as (typeof screening.hits)[number];
    const withFactors = (listId: string, entryId: string, name: number, birth: number) => ({
      ...hit,
      listId,
      entryId,
      score: 1,
      factors: [
        { label: "name similarity", value: name },
        { label: "dateOfBirth match", value: birth },
      ],
    });
    // The matcher's order for a tie: by list, so the OFAC entry came first.
    const tied = {
      ...screening,
      bestScore: 1,
      hits: [withFactors("ofac-sdn", "6907", 0.98, 0.08), withFactors("un", "QDi.017", 1, 0.08)],
    };
    const masked = maskPersonalData({ screening: tied }, DEFAULT_VISIBILITY.compliance).screening as {
      hits: { entryId: string; score: number }[];
    };
    expect(masked.hits.map((h) => [h.entryId, h.score])).toEqual([
      ["QDi.017", 1],
      ["6907", 0.98],
    ]);
  });

  it("leaves a customer's screening and an admin's view alone", () => {
    const customer = { ...screening, subjectType: "customer" };
    expect(maskPersonalData(customer, DEFAULT_VISIBILITY.viewer)).toBe(customer);
    expect(maskPersonalData(screening, DEFAULT_VISIBILITY.admin)).toBe(screening);
  });
  it("withholds what officers wrote about the sender from a role that sees the sender's name masked", () => {
    const decided = {
      ...screening,
      hits: [
        {
          ...screening.hits[0],
          dismissed: { reason: "Different person: born 1984 in Valencia.", by: "Carla", at: "2026-03-01" },
          confirmation: {
            reason: "Same person: Tharwat Salah Shihata's passport seen.",
            confirmedReason: "Agreed: the passport matches.",
            proposedBy: { id: "1", name: "Carla", email: "c@x" },
            proposedAt: "2026-03-01",
          },
          confirmedBefore: { reason: "Same as before: Tharwat.", proposedBy: "Carla", confirmedBy: "Cole" },
        },
      ],
    };
    const masked = maskPersonalData({ decided }, DEFAULT_VISIBILITY.viewer).decided;
    const text = JSON.stringify(masked);
    for (const written of ["Valencia", "passport", "Tharwat"]) expect(text).not.toContain(written);
    const hit = masked.hits[0];
    expect(hit?.dismissed).toEqual({ ...decided.hits[0]?.dismissed, reason: REASON_WITHHELD });
    expect(hit?.confirmation?.proposedBy.name).toBe("Carla");
    // Compliance, who sees names, reads them as written.
    const forCompliance = maskPersonalData({ decided }, DEFAULT_VISIBILITY.compliance).decided;
    expect(forCompliance.hits[0]?.confirmation?.reason).toBe(decided.hits[0]?.confirmation.reason);
  });
  it("drops a hidden field's part of the score as the matcher words it, and as older screenings stored it", () => {
    const worded = {
      ...screening,
      hits: [
        {
          ...screening.hits[0],
          factors: [
            { label: "name similarity", value: 0.9 },
            { label: "date of birth match", value: 0.08 },
            { label: "nationality match", value: 0.03 },
          ],
        },
      ],
    };
    const masked = maskPersonalData({ worded }, DEFAULT_VISIBILITY.compliance).worded;
    expect(masked.hits[0]?.factors).toEqual([
      { label: "name similarity", value: 0.9 },
      { label: "nationality match", value: 0.03 },
    ]);
    expect(masked.hits[0]?.score).toBe(0.93);
  });
});
