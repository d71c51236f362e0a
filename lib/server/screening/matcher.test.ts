import "server-only";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ListLoad } from "../../universal/screening/types";
import {
  evaluateNegatives,
  evaluateOriginalScript,
  evaluatePairs,
  evaluatePositives,
  readPairs,
  readPeople,
} from "./evaluate";
import { loadListsFromDir } from "./load";
import { ALERT_THRESHOLD, buildIndex, nameSimilarity, type ScreeningIndex, screen } from "./matcher";

const data = join(import.meta.dirname, "../../../data/screening");
let loads: ListLoad[];
let index: ScreeningIndex;

beforeAll(async () => {
  loads = await loadListsFromDir(join(data, "lists"));
  index = buildIndex(loads);
});

describe("screen", () => {
  it("explains a hit: entry, alias, each field side by side, score and what made it, list version", () => {
    const result = screen(index, {
      name: "Eric Badege",
      kind: "person",
      dateOfBirth: "1971",
      nationality: "CD",
    });
    expect(result.outcome).toBe("potential-match");
    // He is on both the UN list and OFAC's: each list's entry is a hit of its own.
    expect(
      result.hits
        .filter((h) => h.alert)
        .map((h) => h.listId)
        .sort(),
    ).toEqual(["ofac-sdn", "un"]);
    const hit = result.hits.find((h) => h.listId === "un");
    expect(hit).toMatchObject({
      listId: "un",
      entryId: "CDi.001",
      primaryName: "ERIC BADEGE",
      matchedAlias: { name: "ERIC BADEGE", weak: false, quality: "strong" },
      alert: true,
      listVersion: { listId: "un", issuedOn: "2026-02-27" },
    });
    expect(hit?.listVersion.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(hit?.fields.map((f) => [f.field, f.verdict])).toEqual([
      ["name", "match"],
      ["dateOfBirth", "match"],
      ["nationality", "match"],
      ["country", "missing"],
      ["identifier", "missing"],
    ]);
    expect(hit?.factors[0]).toEqual({ label: "name similarity", value: 1 });
    expect(hit?.score).toBe(Math.min(1, 1 + 0.05 + 0.03));
    expect(hit?.tokenPairs).toEqual([
      { query: "badege", entry: "badege", similarity: 1 },
      { query: "eric", entry: "eric", similarity: 1 },
    ]);
  });

  it("lets a date of birth and nationality contradict a name", () => {
    const result = screen(index, {
      name: "Eric Badege",
      kind: "person",
      dateOfBirth: "1990-05-01",
      nationality: "FR",
    });
    const hit = result.hits.find((h) => h.entryId === "CDi.001");
    expect(hit?.fields.find((f) => f.field === "dateOfBirth")?.verdict).toBe("mismatch");
    expect(hit?.fields.find((f) => f.field === "nationality")?.verdict).toBe("mismatch");
    expect(hit?.alert).toBe(false);
    expect(hit?.score).toBeLessThan(ALERT_THRESHOLD);
    expect(hit?.factors.map((f) => f.label)).toEqual([
      "name similarity",
      "date of birth mismatch",
      "nationality mismatch",
    ]);
  });

  it("explains in a person's words, and reads and judges a nationality given by name alike on every list's card", () => {
    // The UN gives his nationality (EG); OFAC's SDN entry only his place of birth ("POB Egypt").
    const result = screen(index, {
      name: "Tharwat Shihata",
      kind: "person",
      dateOfBirth: "1960-06-29",
      nationality: "Egypt",
    });
    const hits = ["un", "ofac-sdn"].map((list) => result.hits.find((h) => h.listId === list && h.alert));
    for (const hit of hits) {
      expect(hit?.fields.find((f) => f.field === "nationality")).toMatchObject({
        verdict: "match",
        query: "EG",
      });
      for (const factor of hit?.factors ?? []) expect(factor.label).not.toMatch(/[a-z][A-Z]/);
    }
    expect(hits[0]?.factors.map((f) => f.label)).toContain("date of birth match");
    // A birthplace is no nationality: it is no contradiction, and adds nothing to the score.
    expect(hits[1]?.fields.find((f) => f.field === "nationality")?.entry).toBe(
      "EG (place of birth or address)",
    );
    expect(hits[1]?.factors.map((f) => f.label)).not.toContain("nationality match");
  });

  it("finds names written 'SURNAME, Given', with typos, and marks weak aliases", () => {
    expect(screen(index, { name: "Ayman al-Zawahri", kind: "person" }).hits[0]?.entryId).toBe("2676");
    const weak = index.entries.find((e) =>
      e.names.some((n) => n.quality === "weak" && n.name.split(" ").length > 1),
    );
    const alias = weak?.names.find((n) => n.quality === "weak" && n.name.split(" ").length > 1);
    const hit = screen(index, { name: alias?.name ?? "" }).hits.find((h) => h.entryId === weak?.entryId);
    expect(hit?.matchedAlias.weak).toBe(true);
    expect(hit?.factors).toContainEqual({ label: "weak alias", value: -0.05 });
  });

  it("is deterministic: the same input and list version give the same result", () => {
    const query = { name: "Mohammed Omar", kind: "person" as const, dateOfBirth: "1960" };
    const first = JSON.stringify(screen(index, query));
    expect(JSON.stringify(screen(index, query))).toBe(first);
    expect(JSON.stringify(screen(buildIndex(loads), query))).toBe(first);
  });
});

describe("name rules", () => {
  const sim = nameSimilarity;
  it("reads an acronym as the words it spells, in organisations' names, and initials written together", () => {
    expect(sim("U.S. Department of State", "United States Department of State", "entity")).toBeGreaterThan(
      0.9,
    );
    expect(sim("PLA", "People's Liberation Army", "entity")).toBeGreaterThanOrEqual(ALERT_THRESHOLD);
    expect(sim("J.C. Juncker", "Jean-Claude Juncker", "person")).toBeGreaterThan(0.9);
    // Initials alone are no name in common; a short name is no acronym.
    expect(sim("N.N.", "Nursultan Nazarbayev", "person")).toBeLessThan(ALERT_THRESHOLD);
    expect(sim("Mo Salah", "Mohammed Omar Salah", "person")).toBeLessThan(ALERT_THRESHOLD);
  });
  it("reads numbers written in words and digits alike", () => {
    expect(sim("Brigade Forty-Four", "Brigade 44", "entity")).toBe(1);
    expect(sim("1st International Bank", "First International Bank", "entity")).toBe(1);
  });
  it("lets a connecting particle one side lacks weigh little", () => {
    expect(sim("Ahmed Hassan", "Ahmed bin Salem bin Hassan", "person")).toBeGreaterThanOrEqual(
      ALERT_THRESHOLD,
    );
    expect(sim("Ahmed Hassan", "Ahmed Salem Saleh Hassan", "person")).toBeLessThan(
      sim("Ahmed Hassan", "Ahmed bin Salem bin Hassan", "person"),
    );
  });
  it("counts two spellings fairly alike as partly the same word, and a different word as a contradiction", () => {
    // "Jonsen" is 0.77 like "Johnson": below the old pairing floor it counted as two different names.
    expect(sim("Boris Jonsen", "Boris Johnson", "person")).toBeGreaterThanOrEqual(ALERT_THRESHOLD);
    // Five words alike do not outweigh a different family name.
    expect(
      sim(
        "Khalid Omar Saleh Yousef Ibrahim Al-Harbi",
        "Khalid Omar Saleh Yousef Ibrahim Al-Qahtani",
        "person",
      ),
    ).toBeLessThan(ALERT_THRESHOLD);
  });
  it("takes a name written as one word for the same name in two ('Habibullah', 'حبيب الله')", () => {
    expect(sim("حبيب الله", "HABIBULLAH", "person")).toBeGreaterThan(0.9);
  });
  it("compares a name in Arabic script with Latin spellings by what the script writes", () => {
    expect(sim("محمد احمدی", "Mohammad Ahmadi", "person")).toBeGreaterThan(
      sim("محمد احمدی", "Mahmoud Hamid", "person"),
    );
    expect(sim("فضل محمد مظلوم", "Fazl Mohammad Mazloom", "person")).toBeGreaterThan(0.9);
    expect(sim("عمر محمود عثمان", "Omar Mahmoud Uthman", "person")).toBeGreaterThan(0.9);
    expect(sim("عمر محمود عثمان", "Mahmoud Uthman", "person")).toBeLessThan(
      sim("عمر محمود عثمان", "Omar Mahmoud Uthman", "person"),
    );
  });
  it("finds Latin list names from a query in Arabic script, the candidates included", () => {
    expect(screen(index, { name: "فضل محمد مظلوم", kind: "person" }).hits[0]?.primaryName).toMatch(/MAZLOOM/);
  });
});

// Quality floors, not speed targets: each takes a few seconds alone and once took past the default 20 s beside the
// whole unit run; the bound is only against a hang.
describe("quality floors on a fast subset of the shared sets", { timeout: 120_000 }, () => {
  it("name pairs: precision, recall and every STRONG pair", () => {
    const r = evaluatePairs(readPairs(join(data, "eval/name-pairs.csv")));
    expect(r.precision).toBeGreaterThanOrEqual(0.86);
    expect(r.recall).toBeGreaterThanOrEqual(0.87);
    expect(r.f1).toBeGreaterThanOrEqual(0.87);
    expect(r.strongWrong).toEqual([]);
  });

  it("UN positives alert on their own entry in the top 3", () => {
    const r = evaluatePositives(index, readPeople(join(data, "eval/positives-un.csv")).slice(0, 150));
    expect(r.withOwnEntry).toBeGreaterThan(145);
    expect(r.share).toBeGreaterThanOrEqual(0.99);
  });

  it("negatives rarely alert once date of birth and nationality are given", () => {
    const r = evaluateNegatives(index, readPeople(join(data, "eval/negatives-sample.csv")).slice(0, 300));
    expect(r.withDetailsShare).toBeLessThanOrEqual(0.01);
    expect(r.nameOnlyShare).toBeLessThanOrEqual(0.02);
  });

  it("finds UN people from their names in original script among Latin names", () => {
    const r = evaluateOriginalScript(loads, 150);
    expect(r.total).toBe(150);
    expect(r.share).toBeGreaterThanOrEqual(0.95);
  });

  it("ships a threshold that separates an exact name from an unrelated one", () => {
    expect(nameSimilarity("Olaf Scholze", "Olaf Scholz", "person")).toBeGreaterThanOrEqual(ALERT_THRESHOLD);
    expect(nameSimilarity("Angelo Cruz", "Angela Merkel", "person")).toBeLessThan(ALERT_THRESHOLD);
  });
});
