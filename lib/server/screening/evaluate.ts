import "server-only";
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { EntryKind, ListEntry, ListLoad } from "../../universal/screening/types";
import { ALERT_THRESHOLD, buildIndex, nameSimilarity, type ScreeningIndex, screen } from "./matcher";
import { normaliseName } from "./normalise";

export type PairRow = { name1: string; name2: string; isMatch: boolean; quality: string; schema: string };
export type PersonRow = { fullName: string; dateOfBirth: string; nationality: string };

export function readPairs(file: string): PairRow[] {
  const rows = parse(readFileSync(file), { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
  return rows.map((r) => ({
    name1: r.name1 ?? "",
    name2: r.name2 ?? "",
    isMatch: (r.is_match ?? "").toLowerCase() === "true",
    quality: (r.quality || "MEDIUM").toUpperCase(),
    schema: r.schema ?? "",
  }));
}

export function readPeople(file: string): PersonRow[] {
  const rows = parse(readFileSync(file), { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
  return rows.map((r) => ({
    fullName: r.full_name ?? "",
    dateOfBirth: r.date_of_birth ?? "",
    nationality: r.nationality ?? "",
  }));
}

const kindOfSchema = (schema: string): EntryKind =>
  schema === "Person" ? "person" : schema === "Vessel" ? "vessel" : "entity";

export function evaluatePairs(pairs: PairRow[], threshold = ALERT_THRESHOLD) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  const strongWrong: (PairRow & { score: number })[] = [];
  let strong = 0;
  for (const p of pairs) {
    const score = nameSimilarity(p.name1, p.name2, kindOfSchema(p.schema));
    const predicted = score >= threshold;
    if (predicted && p.isMatch) tp++;
    else if (predicted) fp++;
    else if (p.isMatch) fn++;
    else tn++;
    if (p.quality === "STRONG") {
      strong++;
      if (predicted !== p.isMatch) strongWrong.push({ ...p, score });
    }
  }
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { total: pairs.length, tp, fp, fn, tn, precision, recall, f1, strong, strongWrong };
}

const nameKey = (name: string) => normaliseName(name, "person").tokens.join(" ");

/** Each positive's own UN entry: the UN person whose primary name is the positive's name. */
export function evaluatePositives(index: ScreeningIndex, people: PersonRow[]) {
  const own = new Map<string, Set<string>>();
  for (const e of index.entries) {
    if (e.listId !== "un" || e.kind !== "person") continue;
    const key = nameKey(e.names[0]?.name ?? "");
    own.set(key, (own.get(key) ?? new Set()).add(e.entryId));
  }
  let found = 0;
  let alerted = 0;
  const missed: string[] = [];
  for (const p of people) {
    const ids = own.get(nameKey(p.fullName));
    if (!ids) continue;
    found++;
    const result = screen(index, {
      name: p.fullName,
      kind: "person",
      dateOfBirth: p.dateOfBirth || undefined,
      nationality: p.nationality || undefined,
    });
    if (result.hits.slice(0, 3).some((h) => h.alert && h.listId === "un" && ids.has(h.entryId))) alerted++;
    else missed.push(p.fullName);
  }
  return { total: people.length, withOwnEntry: found, alerted, share: found ? alerted / found : 0, missed };
}

export function evaluateNegatives(index: ScreeningIndex, people: PersonRow[]) {
  let withDetails = 0;
  let nameOnly = 0;
  const alerts: string[] = [];
  for (const p of people) {
    const full = screen(index, {
      name: p.fullName,
      kind: "person",
      dateOfBirth: p.dateOfBirth || undefined,
      nationality: p.nationality || undefined,
    });
    if (full.outcome === "potential-match") {
      withDetails++;
      if (alerts.length < 20)
        alerts.push(`${p.fullName} → ${full.hits[0]?.matchedAlias.name} ${full.bestScore}`);
    }
    if (screen(index, { name: p.fullName, kind: "person" }).outcome === "potential-match") nameOnly++;
  }
  return {
    total: people.length,
    withDetails,
    nameOnly,
    withDetailsShare: people.length ? withDetails / people.length : 0,
    nameOnlyShare: people.length ? nameOnly / people.length : 0,
    alerts,
  };
}

/**
 * The UN list's names in original script against an index of the UN list's Latin names only: is the own entry
 * first? (Other lists are left out: OFAC lists many of the same people under entries of its own.)
 */
export function evaluateOriginalScript(loads: ListLoad[], limit = Number.POSITIVE_INFINITY) {
  const latinOnly = loads
    .filter((l) => l.version.listId === "un")
    .map((l) => ({
      version: l.version,
      entries: l.entries.map((e) => ({ ...e, names: e.names.filter((n) => n.script === "latin") })),
    }));
  const index = buildIndex(latinOnly);
  let total = 0;
  let top1 = 0;
  const byScript: Record<string, { total: number; top1: number }> = {};
  for (const l of loads) {
    for (const e of l.entries) {
      if (e.listId !== "un") continue;
      for (const n of e.names) {
        if (n.kind !== "original-script" || n.script === "latin" || total >= limit) continue;
        total++;
        const s = byScript[n.script] ?? { total: 0, top1: 0 };
        byScript[n.script] = s;
        s.total++;
        const hit = screen(index, { name: n.name, kind: e.kind }).hits[0];
        if (hit && hit.listId === "un" && hit.entryId === e.entryId) {
          top1++;
          s.top1++;
        }
      }
    }
  }
  return { total, top1, share: total ? top1 / total : 0, byScript };
}

/** Deterministic synthetic people built from the lists' own words, to scale the index past 100,000 names. */
export function syntheticEntries(loads: ListLoad[], count: number): ListEntry[] {
  const words: string[] = [];
  for (const l of loads)
    for (const e of l.entries)
      if (e.kind === "person")
        for (const n of e.names) if (n.script === "latin") words.push(...n.name.split(/[\s,]+/));
  const vocabulary = [...new Set(words.filter((w) => w.length > 2))].sort();
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  const out: ListEntry[] = [];
  for (let i = 0; i < count; i++) {
    const parts = 2 + (next() % 3);
    const name = Array.from({ length: parts }, () => vocabulary[next() % vocabulary.length]).join(" ");
    out.push({
      listId: "eu-fsf",
      entryId: `synthetic-${i}`,
      kind: "person",
      names: [{ name, quality: "strong", script: "latin", kind: "primary" }],
      datesOfBirth: [{ type: "exact", date: String(1940 + (next() % 60)) }],
      nationalities: [],
      countries: [],
      identifiers: [],
    });
  }
  return out;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
