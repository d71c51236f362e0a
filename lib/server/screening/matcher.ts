import "server-only";
import { FIELD_WORDS } from "../../universal/screening/explain";
import type {
  EntryDateOfBirth,
  EntryKind,
  FieldComparison,
  ListEntry,
  ListVersion,
  ScoreFactor,
  ScreeningHit,
  ScreeningQuery,
  ScreeningResult,
} from "../../universal/screening/types";
import { countryCode } from "./lists/common";
import { type NormalisedName, normaliseName, skeleton } from "./normalise";
import { alternativesOf, readingsOf } from "./readings";
import { abjadLatinSimilarity, tokenSimilarity } from "./similarity";

/** The shipped threshold: a hit whose final score reaches it is a potential match. */
export const ALERT_THRESHOLD = 0.8;
/** Words that join the parts of a name: "son of", "daughter of", "of", "the". */
const CONNECTORS = new Set([
  "bin",
  "bint",
  "binti",
  "bte",
  "de",
  "da",
  "di",
  "du",
  "del",
  "della",
  "dos",
  "das",
  "van",
  "von",
  "der",
  "den",
  "ter",
  "le",
  "la",
  "y",
]);
/** How alike an acronym and the words whose initials it spells are taken to be. */
const ACRONYM_SIMILARITY = 0.9;
/**
 * Below this pairing similarity two words are not taken as the same word; above it they count at their
 * similarity, so two spellings 0.72–0.78 alike ("Sechev", "Sechin") count as partly the same word rather than two
 * different ones (0.72 from a sweep of 0.72–0.78 on the whole pairs set).
 */
const PAIR_FLOOR = 0.72;
/** Candidates fully scored per query, chosen from the index by shared keys. */
const MAX_CANDIDATES = 60;
/** A key shared by more names than this says little; it is used only when the query has no rarer key. */
const COMMON_KEY_SHARE = 0.015;
/**
 * What a person compared with an organisation (or the other way round) costs. A query's kind often says only which
 * field was filled in (a sole trader's business name is a person's; a FULL_NAME may name a company), so it excludes
 * no entry: an exact name still alerts (1 − 0.1), one word of a longer name met exactly does not (0.85 − 0.1).
 */
const KIND_MISMATCH = 0.1;

type NameComparison = {
  score: number;
  pairs: { query: string; entry: string; similarity: number }[];
};

/**
 * Which side of a comparison was written in an abjad: neither, both, or only the query's or the entry's words
 * (then those are aligned with the other side's Latin spelling letter by letter).
 */
type Script = "latin" | "abjad" | "query-abjad" | "entry-abjad";

function wordSimilarity(a: string, b: string, script: Script): number {
  if (script === "latin" || script === "abjad") return tokenSimilarity(a, b, script === "abjad");
  if (a === b) return 1;
  const [written, latin] = script === "query-abjad" ? [a, b] : [b, a];
  if (latin.length === 1) return written[0] === latin ? 0.85 : 0;
  return Math.max(abjadLatinSimilarity(written, latin), tokenSimilarity(a, b, false));
}

// Word similarity is pure, so it is remembered across comparisons (bounded; cleared when full): by the first word,
// then by the second, so a comparison found there makes no key string. Screening an imported customer compares
// its words with thousands of a list's, and a key string for each was most of the garbage the console's heap grew on.
const similarityCache = new Map<string, Map<string, number>>();
let similarityCount = 0;
function cachedSimilarity(a: string, b: string, script: Script): number {
  if (similarityCount > 100_000) {
    similarityCache.clear();
    similarityCount = 0;
  }
  // Words in Latin letters (nearly every pair) are compared by the first word alone; a pair in another script has it
  // in the first word's key (no word holds a NUL).
  const key = script === "latin" ? a : `${script}\u0000${a}`;
  let withA = similarityCache.get(key);
  if (!withA) {
    withA = new Map();
    similarityCache.set(key, withA);
  }
  let sim = withA.get(b);
  if (sim === undefined) {
    sim = wordSimilarity(a, b, script);
    withA.set(b, sim);
    similarityCount += 1;
  }
  return sim;
}

const weight = (t: string) => Math.min(1 + t.length / 4, 3);

/**
 * The units a name's words are compared by: one word, two or three neighbouring words read as one (joined and split
 * spellings), or, in Latin script, the initials of two to four neighbouring words (an acronym: "US", "PLA", "JC" for
 * Jean-Claude).
 */
type Unit = { text: string; idx: number[]; shown: string; acronym?: boolean };
function unitsOfTokens(tokens: string[], latin: boolean): Unit[] {
  const out: Unit[] = tokens.map((t, i) => ({ text: t, idx: [i], shown: t }));
  for (let i = 0; i + 1 < tokens.length; i++) {
    out.push({
      text: `${tokens[i]}${tokens[i + 1]}`,
      idx: [i, i + 1],
      shown: `${tokens[i]}${tokens[i + 1]}`,
    });
    if (i + 2 < tokens.length) {
      const text = `${tokens[i]}${tokens[i + 1]}${tokens[i + 2]}`;
      out.push({ text, idx: [i, i + 1, i + 2], shown: text });
    }
    if (!latin) continue;
    for (let k = 2; k <= 4 && i + k <= tokens.length; k++) {
      const words = tokens.slice(i, i + k);
      if (words.some((w) => w.length < 2 || /\d/.test(w))) break;
      out.push({
        text: words.map((w) => w[0]).join(""),
        idx: words.map((_, j) => i + j),
        shown: words.join(" "),
        acronym: true,
      });
    }
  }
  return out;
}

// A list name's units are the same at every comparison: made once per name (and per reading of a query), not once
// per comparison, which made new strings and arrays by the thousand for each customer screened. Remembered for the
// names compared lately (bounded; cleared when full), so a long run of screenings does not keep every list name's.
const units = new Map<NormalisedName, { latin?: Unit[]; other?: Unit[] }>();
function unitsOf(name: NormalisedName, latin: boolean): Unit[] {
  let known = units.get(name);
  if (!known) {
    if (units.size > 20_000) units.clear();
    known = {};
    units.set(name, known);
  }
  if (latin) {
    known.latin ??= unitsOfTokens(name.tokens, true);
    return known.latin;
  }
  known.other ??= unitsOfTokens(name.tokens, false);
  return known.other;
}

/**
 * Token-pair similarity between two normalised names: every word (or two neighbouring words taken together,
 * for joined and split spellings) is paired with its most alike counterpart, greedily, best pair first; the
 * score is the paired weight over all weight, where words left unpaired count against it.
 */
function compareNames(q: NormalisedName, e: NormalisedName): NameComparison {
  const script: Script =
    q.abjad && e.abjad ? "abjad" : q.abjad ? "query-abjad" : e.abjad ? "entry-abjad" : "latin";
  const qu = unitsOf(q, script === "latin");
  const eu = unitsOf(e, script === "latin");
  const candidates: { a: Unit; b: Unit; sim: number; order: number }[] = [];
  let order = 0;
  for (const a of qu) {
    for (const b of eu) {
      if (a.idx.length > 1 && b.idx.length > 1) continue;
      if (a.acronym || b.acronym) {
        // An acronym is the words it stands for only when spelt letter for letter; in a person's name only
        // initials written together ("JC") are one, not a short name ("Abu", "Mo").
        const word = a.acronym ? b.text : a.text;
        if (a.text === b.text && (q.entity || e.entity || !/[aeiouy]/.test(word)))
          candidates.push({ a, b, sim: ACRONYM_SIMILARITY, order: order++ });
        continue;
      }
      const sim = cachedSimilarity(a.text, b.text, script);
      // Two words read as one must be nearly the same word.
      if (sim >= (a.idx.length > 1 || b.idx.length > 1 ? 0.88 : PAIR_FLOOR))
        candidates.push({ a, b, sim, order: order++ });
    }
  }
  candidates.sort(
    (x, y) =>
      y.sim - x.sim ||
      y.a.text.length + y.b.text.length - (x.a.text.length + x.b.text.length) ||
      x.order - y.order,
  );
  const usedQ = new Set<number>();
  const usedE = new Set<number>();
  const pairs: NameComparison["pairs"] = [];
  let matched = 0;
  let total = 0;
  let acronyms = 0;
  for (const c of candidates) {
    if (c.a.idx.some((i) => usedQ.has(i)) || c.b.idx.some((i) => usedE.has(i))) continue;
    for (const i of c.a.idx) usedQ.add(i);
    for (const i of c.b.idx) usedE.add(i);
    // A lone initial confirms little: it counts at the weight of one letter.
    const w = c.a.text.length === 1 || c.b.text.length === 1 ? 1 : weight(c.a.text) + weight(c.b.text);
    matched += c.sim * w;
    total += w;
    pairs.push({ query: c.a.shown, entry: c.b.shown, similarity: round(c.sim) });
    if (c.a.acronym || c.b.acronym) acronyms++;
  }
  const unpairedQ = q.tokens.filter((t, i) => !usedQ.has(i) && t.length > 1);
  const unpairedE = e.tokens.filter((t, i) => !usedE.has(i) && t.length > 1);
  // Words one side has and the other lacks (a middle name, a father's name) weigh little when the other side's
  // words are all paired: lists write names longer than a payment does, and the other way round. Words unpaired
  // on both sides are different names: they weigh more than their length, as a contradiction (1.3, from a sweep
  // of 1–1.3 on the whole pairs set, with PAIR_FLOOR).
  const extraWeight = unpairedQ.length > 0 && unpairedE.length > 0 ? 1.3 : 0.35;
  // A connecting particle ("bin", "de", "van") alone says nothing of who is named.
  for (const t of [...unpairedQ, ...unpairedE]) total += (CONNECTORS.has(t) ? 0.5 : weight(t)) * extraWeight;
  let score = total > 0 ? matched / total : 0;
  // One word alone in common is not a name match (unless one side is one word); an initial helps a full word.
  // In a person's name, initials read as an acronym ("JC") are not a word in common by themselves.
  const fullPairs =
    pairs.filter((p) => p.query.length > 1 && p.entry.length > 1).length -
    (q.entity || e.entity ? 0 : acronyms);
  const longQ = q.tokens.filter((t) => t.length > 1).length;
  const longE = e.tokens.filter((t) => t.length > 1).length;
  if (fullPairs === 0 || (pairs.length < 2 && Math.min(longQ, longE) >= 2)) score = Math.min(score, 0.6);
  // A one-word name met by one word of a longer name is a weak clue unless the word is the same (two words
  // read as one, "Matiullah" and "Mati Ullah", are the whole name).
  if (
    pairs.length === 1 &&
    unpairedQ.length + unpairedE.length > 0 &&
    Math.min(longQ, longE) === 1 &&
    Math.max(longQ, longE) >= 2 &&
    (pairs[0]?.similarity ?? 0) < 0.95
  )
    score = Math.min(score, 0.7);
  return { score: round(score), pairs };
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

// ---- dates, countries, identifiers ----------------------------------------------------------------------

type DateRange = { from: number; to: number; approximate: boolean; text: string };

function rangeOf(iso: string): { from: number; to: number } | null {
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(iso);
  if (!m) return null;
  const y = Number(m[1]);
  if (!m[2]) return { from: Date.UTC(y, 0, 1), to: Date.UTC(y, 11, 31) };
  const mo = Number(m[2]) - 1;
  if (!m[3]) return { from: Date.UTC(y, mo, 1), to: Date.UTC(y, mo + 1, 0) };
  const d = Date.UTC(y, mo, Number(m[3]));
  return { from: d, to: d };
}

function entryRange(dob: EntryDateOfBirth): DateRange | null {
  if (dob.type === "range") {
    const a = rangeOf(dob.from);
    const b = rangeOf(dob.to);
    return a && b ? { from: a.from, to: b.to, approximate: false, text: `${dob.from} to ${dob.to}` } : null;
  }
  const r = rangeOf(dob.date);
  return r
    ? {
        ...r,
        approximate: dob.type === "approximate",
        text: dob.type === "approximate" ? `circa ${dob.date}` : dob.date,
      }
    : null;
}

const YEAR = 366 * 86_400_000;

function compareDob(query: string | undefined, dobs: EntryDateOfBirth[]): FieldComparison {
  const entry = dobs.map(entryRange).filter((r): r is DateRange => !!r);
  const q = query ? rangeOf(query) : null;
  const entryText = entry.map((r) => r.text).join(", ") || null;
  if (!q || entry.length === 0)
    return { field: "dateOfBirth", verdict: "missing", query: query ?? null, entry: entryText, effect: 0 };
  let best: "exact" | "year" | "near" | "far" = "far";
  for (const r of entry) {
    const slack = r.approximate ? 2 * YEAR : 0;
    if (q.from >= r.from - slack && q.to <= r.to + slack) {
      const precise = q.from === q.to && r.from === r.to;
      best = precise ? "exact" : best === "exact" ? best : "year";
    } else if (best === "far" && q.from <= r.to + YEAR + slack && q.to >= r.from - YEAR - slack) {
      best = "near";
    }
  }
  const effect = best === "exact" ? 0.08 : best === "year" ? 0.05 : best === "near" ? -0.04 : -0.2;
  return {
    field: "dateOfBirth",
    verdict: best === "far" || best === "near" ? "mismatch" : "match",
    query: query ?? null,
    entry: entryText,
    effect,
  };
}

function compareCountry(
  field: "nationality" | "country",
  query: string | undefined,
  entryCodes: string[],
  otherCodes: string[],
): FieldComparison {
  const q = query ? countryCode(query) : null;
  const entryText = entryCodes.join(", ") || null;
  // The screened country reads as the list's do (its code) on every list's card, whatever the list holds.
  const shown = q ?? query ?? null;
  if (!q) return { field, verdict: "missing", query: shown, entry: entryText, effect: 0 };
  if (entryCodes.includes(q)) return { field, verdict: "match", query: q, entry: entryText, effect: 0.03 };
  // A nationality the entry's addresses or birthplace share is no contradiction, whether or not the entry gives
  // a nationality of its own (OFAC's SDN list often gives only a place of birth): the same judgement on every
  // list. It adds nothing to the score: a birthplace is not a nationality.
  if (otherCodes.includes(q)) {
    const where = field === "nationality" ? "place of birth or address" : "nationality";
    const entry = entryText ?? `${otherCodes.join(", ")} (${where})`;
    return { field, verdict: "match", query: q, entry, effect: 0 };
  }
  if (entryCodes.length === 0) return { field, verdict: "missing", query: q, entry: null, effect: 0 };
  return {
    field,
    verdict: "mismatch",
    query: q,
    entry: entryText,
    effect: field === "nationality" ? -0.1 : -0.03,
  };
}

const idKey = (v: string) => v.toUpperCase().replace(/[^A-Z0-9]/g, "");

function compareIds(query: ScreeningQuery["identifiers"], entry: ListEntry): FieldComparison {
  const entryText = entry.identifiers.map((i) => `${i.type} ${i.value}`).join(", ") || null;
  if (!query?.length || entry.identifiers.length === 0)
    return {
      field: "identifier",
      verdict: "missing",
      query: query?.map((i) => i.value).join(", ") ?? null,
      entry: entryText,
      effect: 0,
    };
  const keys = new Set(entry.identifiers.map((i) => idKey(i.value)));
  const hit = query.find((i) => keys.has(idKey(i.value)));
  return hit
    ? { field: "identifier", verdict: "match", query: hit.value, entry: entryText, effect: 0.2 }
    : {
        field: "identifier",
        verdict: "mismatch",
        query: query.map((i) => i.value).join(", "),
        entry: entryText,
        effect: -0.05,
      };
}

// ---- the index -------------------------------------------------------------------------------------------

type IndexedName = {
  entry: number;
  name: number;
  normalised: NormalisedName;
};

export type ScreeningIndex = {
  entries: ListEntry[];
  versions: ListVersion[];
  names: IndexedName[];
  postings: Map<string, number[]>;
  nameCount: number;
};

/**
 * Index keys of a word: its consonant skeleton, and its first four letters; the skeleton as an Arabic spelling
 * shows it, alone, joined with the next word and beside the next word's, so names transliterated from an abjad
 * find their Latin forms. A query written in an abjad uses no prefix keys (its vowels are missing) and tries ض
 * both as "d" and as "z".
 */
function keysOf(tokens: string[], abjadQuery = false): string[] {
  const keys = new Set<string>();
  // In a transliterated abjad word "th", "sh", "kh", "dh", "gh" may be one letter or two ("اتحاد" Ittihad
  // reads "thd"); ض may be read "d" or "z".
  const variants = (t: string) => {
    if (!abjadQuery) return [t];
    const out = new Set([t.replace(/dz/g, "d"), t.replace(/dz/g, "z")]);
    for (const v of [...out]) out.add(v.replace(/([tdkgs])h/g, "$1-h"));
    return [...out];
  };
  const abjadKey = (t: string) => skeleton(t, true).replace(/-/g, "");
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? "";
    if (t.length < 2) continue;
    const s = skeleton(t);
    keys.add(s.length >= 2 ? `s:${s}` : `w:${t}`);
    const next = tokens[i + 1];
    for (const v of variants(t)) {
      const a = abjadKey(v);
      if (a.length >= 2) keys.add(`a:${a}`);
      if (next && next.length >= 2)
        for (const w of variants(next)) {
          const joined = abjadKey(v + w);
          if (joined.length >= 3) keys.add(`a:${joined}`);
          keys.add(`b:${a}|${abjadKey(w)}`);
        }
    }
    if (!abjadQuery) keys.add(`p:${t.slice(0, 4)}`);
    if (next && next.length >= 2) keys.add(`s:${skeleton(t + next)}`);
  }
  // The whole name's letters run together, so a name split letter by letter or mid-word ("I G O R S E C H I N",
  // "Igo-r Sec-hin", whose words give no key of the entry's) still finds it. For two words it is the key above.
  const whole = skeleton(tokens.join(""));
  if (tokens.length > 1 && whole.length >= 2) keys.add(`s:${whole}`);
  return [...keys];
}

export function buildIndex(lists: { version: ListVersion; entries: ListEntry[] }[]): ScreeningIndex {
  const entries: ListEntry[] = [];
  const names: IndexedName[] = [];
  const postings = new Map<string, number[]>();
  for (const list of lists) {
    for (const entry of list.entries) {
      const e = entries.length;
      entries.push(entry);
      entry.names.forEach((n, ni) => {
        const normalised = normaliseName(n.name, entry.kind);
        const id = names.length;
        names.push({ entry: e, name: ni, normalised });
        for (const key of keysOf(normalised.tokens)) {
          const list = postings.get(key);
          if (list) list.push(id);
          else postings.set(key, [id]);
        }
      });
    }
  }
  return { entries, versions: lists.map((l) => l.version), names, postings, nameCount: names.length };
}

function candidates(index: ScreeningIndex, query: NormalisedName): number[] {
  const tally = new Map<number, number>();
  const lists = keysOf(query.tokens, query.abjad)
    .map((key) => index.postings.get(key))
    .filter((l): l is number[] => !!l);
  const common = Math.max(200, index.nameCount * COMMON_KEY_SHARE);
  const rare = lists.filter((l) => l.length <= common);
  // With only common keys, the two rarest of them choose the candidates.
  const chosen = rare.length > 0 ? rare : lists.sort((a, b) => a.length - b.length).slice(0, 2);
  for (const list of chosen) {
    // Rare keys say more than common ones.
    const idf = Math.log(1 + index.nameCount / list.length);
    for (const id of list) tally.set(id, (tally.get(id) ?? 0) + idf);
  }
  return [...tally]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, MAX_CANDIDATES)
    .map(([id]) => id);
}

/** People's names and organisations' are normalised apart (titles, legal forms, "SURNAME, Given"). */
type NameClass = "person" | "entity";
const classOf = (kind: EntryKind | undefined): NameClass =>
  !kind || kind === "person" ? "person" : "entity";

/** The names of the index sharing keys with any of these readings, best first for each, each once. */
function candidatesOfReadings(index: ScreeningIndex, readings: NormalisedName[]): number[] {
  if (readings.length === 1 && readings[0]) return candidates(index, readings[0]);
  return [...new Set(readings.flatMap((reading) => candidates(index, reading)))];
}

/** The most alike reading's comparison with an entry's name; the first reading's on a tie. */
function bestComparison(readings: NormalisedName[], entryName: NormalisedName): NameComparison {
  let best: NameComparison = { score: 0, pairs: [] };
  for (const reading of readings) {
    const comparison = compareNames(reading, entryName);
    if (comparison.score > best.score) best = comparison;
  }
  return best;
}

/**
 * Screens one counterparty: candidates from the index, each scored and explained; best hit per entry. Each name the
 * query stands for ("A / B") and each reading of it (readings.ts) is compared, normalised as the entry's kind is.
 */
export function screen(index: ScreeningIndex, query: ScreeningQuery, limit = 10): ScreeningResult {
  const own = classOf(query.kind);
  const byEntry = new Map<number, ScreeningHit>();
  for (const shown of alternativesOf(query.name)) {
    const readings: Partial<Record<NameClass, NormalisedName[]>> = {};
    const readingsAs = (c: NameClass) => {
      readings[c] ??= readingsOf(shown, c);
      return readings[c];
    };
    for (const id of candidatesOfReadings(index, readingsAs(own))) {
      const indexed = index.names[id];
      if (!indexed) continue;
      const entry = index.entries[indexed.entry];
      const alias = entry?.names[indexed.name];
      if (!entry || !alias) continue;
      const name = bestComparison(readingsAs(classOf(entry.kind)), indexed.normalised);
      if (name.score < 0.6) continue;
      const previous = byEntry.get(indexed.entry);
      if (previous && previous.nameScore >= name.score) continue;
      byEntry.set(indexed.entry, explain(index, entry, alias, name, query, shown));
    }
  }
  const hits = [...byEntry.values()].sort(
    (a, b) => b.score - a.score || a.listId.localeCompare(b.listId) || a.entryId.localeCompare(b.entryId),
  );
  const best = hits[0]?.score ?? 0;
  return {
    query,
    outcome: best >= ALERT_THRESHOLD ? "potential-match" : "clear",
    threshold: ALERT_THRESHOLD,
    bestScore: best,
    hits: hits.slice(0, limit),
    listVersions: index.versions.map((v) => ({
      listId: v.listId,
      issuedOn: v.issuedOn,
      contentHash: v.contentHash,
    })),
  };
}

function explain(
  index: ScreeningIndex,
  entry: ListEntry,
  alias: ListEntry["names"][number],
  name: NameComparison,
  query: ScreeningQuery,
  shownName: string,
): ScreeningHit {
  const weak = alias.quality === "weak";
  const factors: ScoreFactor[] = [{ label: "name similarity", value: name.score }];
  if (weak) factors.push({ label: "weak alias", value: -0.05 });
  const fields: FieldComparison[] = [
    {
      field: "name",
      verdict: name.score >= ALERT_THRESHOLD ? "match" : "mismatch",
      query: shownName,
      entry: alias.name,
      effect: name.score,
    },
  ];
  if (query.kind && classOf(query.kind) !== classOf(entry.kind)) {
    fields.push({
      field: "kind",
      verdict: "mismatch",
      query: query.kind,
      entry: entry.kind,
      effect: -KIND_MISMATCH,
    });
  }
  if (entry.kind === "person") {
    fields.push(compareDob(query.dateOfBirth, entry.datesOfBirth));
    fields.push(compareCountry("nationality", query.nationality, entry.nationalities, entry.countries));
  }
  fields.push(compareCountry("country", query.country, entry.countries, entry.nationalities));
  fields.push(compareIds(query.identifiers, entry));
  for (const f of fields.slice(1))
    if (f.effect !== 0) factors.push({ label: `${FIELD_WORDS[f.field]} ${f.verdict}`, value: f.effect });
  const score = round(
    Math.max(
      0,
      Math.min(
        1,
        factors.reduce((s, f) => s + f.value, 0),
      ),
    ),
  );
  const version = index.versions.find((v) => v.listId === entry.listId);
  return {
    listId: entry.listId,
    entryId: entry.entryId,
    kind: entry.kind,
    primaryName: entry.names[0]?.name ?? alias.name,
    matchedAlias: { name: alias.name, quality: alias.quality, weak, kind: alias.kind },
    nameScore: name.score,
    score,
    factors,
    fields,
    tokenPairs: name.pairs,
    listVersion: {
      listId: entry.listId,
      issuedOn: version?.issuedOn ?? null,
      contentHash: version?.contentHash ?? "",
    },
    alert: score >= ALERT_THRESHOLD,
  };
}

/**
 * Name-only similarity of two strings, as the pairs benchmark measures it: "A/B" names two alternatives, and each
 * name is read as screening reads it (readings.ts); the pair is as alike as its most alike alternatives and readings.
 */
export function nameSimilarity(a: string, b: string, kind?: EntryKind): number {
  const readings = (s: string) => alternativesOf(s).flatMap((x) => readingsOf(x, kind));
  const ys = readings(b);
  let best = 0;
  for (const x of readings(a)) for (const y of ys) best = Math.max(best, compareNames(x, y).score);
  return best;
}
