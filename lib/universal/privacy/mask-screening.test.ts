import { describe, expect, it } from "vitest";
import { DEFAULT_VISIBILITY } from "./fields";
import { maskPersonalData } from "./mask-transaction";

const screening = {
  subjectType: "payment",
  subjectId: "Transaction:1",
  subjectName: "Tharwat Salah Shihata",
  query: { name: "Tharwat Salah Shihata", kind: "person", dateOfBirth: "1960-06-29", nationality: "EG" },
  hits: [
    {
      primaryName: "THARWAT SALAH SHIHATA",
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
        { label: "name similarity", value: 1 },
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
    expect(hit?.factors).toEqual([{ label: "name similarity", value: 1 }]);
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
      hit?.tokenPairs[0]?.query,
    ];
    for (const value of shown) expect(value).not.toMatch(/harwat|1960|EG/);
    expect(hit?.tokenPairs[0]?.entry).toBe("tharwat");
  });

  it("leaves a customer's screening and an admin's view alone", () => {
    const customer = { ...screening, subjectType: "customer" };
    expect(maskPersonalData(customer, DEFAULT_VISIBILITY.viewer)).toBe(customer);
    expect(maskPersonalData(screening, DEFAULT_VISIBILITY.admin)).toBe(screening);
  });
});
