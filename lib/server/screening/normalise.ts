import "server-only";
import anyAscii from "any-ascii";
import type { EntryKind } from "../../universal/screening/types";

/**
 * Names reduced to comparable words: case folded, diacritics removed, other scripts transliterated (any-ascii),
 * honorifics, legal forms and the Arabic article dropped, "SURNAME, Given" turned round, punctuation split.
 */
export type NormalisedName = {
  /** The words that are compared, in the order of the normalised name. */
  tokens: string[];
  /** Whether the original was written in an abjad (Arabic, Hebrew): short vowels are missing from it. */
  abjad: boolean;
};

const HONORIFICS = new Set([
  "mr",
  "mrs",
  "ms",
  "miss",
  "mister",
  "dr",
  "doctor",
  "prof",
  "professor",
  "sir",
  "dame",
  "lord",
  "lady",
  "sheikh",
  "shaikh",
  "sheik",
  "shaykh",
  "haji",
  "hajji",
  "hadji",
  "mullah",
  "mulla",
  "maulana",
  "maulavi",
  "mawlawi",
  "mawlavi",
  "qari",
  "imam",
  "general",
  "gen",
  "colonel",
  "col",
  "captain",
  "capt",
  "lt",
  "major",
  "herr",
  "frau",
  "monsieur",
  "madame",
  "senor",
  "senora",
  "don",
  "dona",
  "jr",
  "sr",
  "ii",
  "iii",
]);

const LEGAL_FORMS = new Set([
  "ltd",
  "limited",
  "llc",
  "inc",
  "incorporated",
  "corp",
  "corporation",
  "co",
  "company",
  "plc",
  "sa",
  "sas",
  "sarl",
  "srl",
  "spa",
  "gmbh",
  "ag",
  "kg",
  "bv",
  "nv",
  "ab",
  "oy",
  "as",
  "asa",
  "pte",
  "pty",
  "bhd",
  "sdn",
  "llp",
  "lp",
  "jsc",
  "ojsc",
  "cjsc",
  "pjsc",
  "pao",
  "oao",
  "zao",
  "ooo",
  "tov",
  "fze",
  "fzco",
  "fzc",
  "dmcc",
  "cv",
  "de",
  "rl",
  "ltda",
  "cia",
  "sc",
  "kft",
  "zrt",
  "sp",
  "zoo",
  "doo",
  "ad",
  "eood",
  "ood",
  "group",
  "holding",
  "holdings",
  "the",
  "and",
  "of",
  "aktiengesellschaft",
  "gesellschaft",
  "mit",
  "beschrankter",
  "haftung",
  "mbh",
  "liability",
  "joint",
  "stock",
  "open",
  "closed",
  "public",
  "societatea",
  "cu",
  "raspundere",
  "limitata",
  "obshchestvo",
  "ogranichennoi",
  "otvetstvennostiu",
  "aktsionernoe",
  "publichnoe",
  "zakrytoe",
  "otkrytoe",
  "z",
  "o",
]);

const PARTICLES: Record<string, string> = {
  ibn: "bin",
  ben: "bin",
  bn: "bin",
  abdul: "abd",
  abdel: "abd",
  abdol: "abd",
  abdal: "abd",
  abdoul: "abd",
  abdur: "abd",
  abdar: "abd",
};

const ARTICLES = new Set(["al", "el", "ul", "ad", "ar", "as", "at", "az", "ash", "an"]);

function isAbjad(text: string): boolean {
  return /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u.test(text);
}

function transliterate(text: string): string {
  let t = text.normalize("NFKC");
  if (isAbjad(t)) {
    // The Arabic article written onto the word ("البغدادي") is dropped as the Latin "al-" is.
    t = t.replace(/(^|\s)ال(?=\S{2})/gu, "$1");
  }
  return anyAscii(t);
}

export function normaliseName(raw: string, kind?: EntryKind): NormalisedName {
  const abjad = isAbjad(raw);
  let text = transliterate(raw).toLowerCase();
  // "SURNAME, Given" → "Given SURNAME" (one comma, two short sides, and not a company with a suffix after the comma).
  const comma = text.split(",");
  if (comma.length === 2 && kind !== "entity" && kind !== "vessel" && kind !== "aircraft") {
    const [last, given] = comma.map((s) => s.trim());
    const givenWords = (given ?? "").split(/\s+/).filter(Boolean);
    if (
      last &&
      given &&
      givenWords.length <= 4 &&
      !givenWords.every((w) => LEGAL_FORMS.has(w.replace(/\W/g, "")))
    ) {
      text = `${given} ${last}`;
    }
  }
  text = text
    .replace(/['`’ʻʼ´]/g, "")
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, "$1") // "s.a." → "sa"
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  const LEET: Record<string, string> = {
    "0": "o",
    "1": "i",
    "3": "e",
    "4": "a",
    "5": "s",
    "7": "t",
    "9": "g",
  };
  const words = text
    .split(" ")
    .filter(Boolean)
    // Digits standing in for letters inside a word ("Ig0r Sech1n").
    .map((w) => (/[a-z]/.test(w) && /\d/.test(w) ? w.replace(/[0134579]/g, (d) => LEET[d] ?? d) : w))
    // Spellings of the same name particle: "bin", "ibn", "ben" (son of); "abdul", "abdel", "abd" (servant of).
    .map((w) => PARTICLES[w] ?? w);
  const entity = kind === "entity" || kind === "vessel" || kind === "aircraft";
  const kept = words.filter((w) => {
    if (HONORIFICS.has(w) && !entity) return false;
    if (ARTICLES.has(w) && !entity) return false;
    if (entity && LEGAL_FORMS.has(w)) return false;
    return true;
  });
  const tokens = kept.length > 0 ? kept : words;
  return { tokens, abjad };
}

const LOOKALIKE: [RegExp, string][] = [
  [/ph/g, "f"],
  [/ck/g, "k"],
  [/kh/g, "k"],
  [/gh/g, "g"],
  [/sh/g, "s"],
  [/ch/g, "s"],
  [/th/g, "t"],
  [/dh/g, "d"],
  [/zh/g, "s"],
  [/q/g, "k"],
  [/c/g, "k"],
  [/x/g, "ks"],
  [/z/g, "s"],
  [/v/g, "f"],
  [/w/g, ""],
  [/j/g, "i"],
  [/y/g, "i"],
  [/[aeiou]/g, ""],
];

/**
 * A word's consonant skeleton with look-alike letters folded together and repeats collapsed: "Mohammed",
 * "Muhamad" and the Arabic "محمد" transliterated ("mhmd") all give "md". Used as an index key and to compare
 * words written without short vowels.
 */
export function skeleton(token: string, abjad = false): string {
  let s = token;
  if (abjad) {
    // As an Arabic spelling shows it: no "p"; "j" is a consonant; "th", "sh", "kh" may be two letters
    // (ط + ه transliterates to "th" too), so digraphs are not folded.
    // French spellings of Maghrebi names: "dj" is ج, "ch" is ش, "c" before e/i is س.
    s = s
      .replace(/dj/g, "j")
      .replace(/ch/g, "sh")
      .replace(/c(?=[ei])/g, "s")
      .replace(/c/g, "k");
    s = s
      .replace(/p/g, "b")
      .replace(/v/g, "f")
      .replace(/[qk]/g, "k")
      .replace(/[zs]/g, "s")
      .replace(/[wy]/g, "");
    s = s.replace(/[aeiou]/g, "").replace(/(.)\1+/g, "$1");
    return s;
  }
  for (const [re, to] of LOOKALIKE) s = s.replace(re, to);
  s = s.replace(/i/g, "");
  s = s.replace(/(.)\1+/g, "$1");
  return s;
}
