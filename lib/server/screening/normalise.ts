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
  /** Whether it names an organisation, vessel or aircraft (acronyms are usual there). */
  entity: boolean;
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

const ABBREVIATIONS: Record<string, string> = {
  intl: "international",
  natl: "national",
  dept: "department",
  govt: "government",
  univ: "university",
  assn: "association",
  assoc: "association",
  bros: "brothers",
  mfg: "manufacturing",
  mgmt: "management",
  svcs: "services",
};

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};

/**
 * Numbers in an organisation's name as digits, however written: "Forty-Four" and "44", "First" and "1st" (the
 * common misspelling "fourty" included).
 */
function numbersAsDigits(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? "";
    const ordinal = /^(\d+)(st|nd|rd|th)$/.exec(w);
    if (ordinal) out.push(ordinal[1] ?? w);
    else if (ORDINAL_WORDS[w] !== undefined) out.push(String(ORDINAL_WORDS[w]));
    else if (TENS[w] !== undefined) {
      const unit = NUMBER_WORDS[words[i + 1] ?? ""];
      if (unit !== undefined && unit > 0 && unit < 10) {
        out.push(String((TENS[w] ?? 0) + unit));
        i++;
      } else out.push(String(TENS[w]));
    } else if (NUMBER_WORDS[w] !== undefined) out.push(String(NUMBER_WORDS[w]));
    else out.push(w);
  }
  return out;
}

const ARTICLES = new Set(["al", "el", "ul", "ad", "ar", "as", "at", "az", "ash", "an"]);

function isAbjad(text: string): boolean {
  return /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u.test(text);
}

/** Honorifics as they read once written in Arabic script and transliterated without vowels. */
const ABJAD_HONORIFICS = new Set(["shykh", "hj", "hjy", "mla", "mlla", "mwlwy", "mwlana"]);

function transliterate(text: string): string {
  let t = text.normalize("NFKC");
  if (isAbjad(t)) {
    // Name particles written onto the next word ("عبدالحميد", "ابواليزيد") are split off as their Latin
    // spellings split them ("Abd al-Hamid", "Abu al-Yazid").
    t = t.replace(/(^|\s)(عبد|[اأ]بو)(?=ال\S{2})/gu, "$1$2 ");
    // So are the second halves of compound names, "-ullah" and "-uddin" ("نورالدين" Nur al-Din, Nooruddin),
    // and "and" and "in" written onto an article ("والمسلمين" wa al-Muslimin).
    t = t.replace(/(\S{2,})(الله|الدين|الدین)(?=\s|$)/gu, "$1 $2");
    t = t.replace(/(^|\s)([وب])(?=ال\S{3})/gu, "$1$2 ");
    // The Arabic article written onto the word ("البغدادي") is dropped as the Latin "al-" is.
    t = t.replace(/(^|\s)ال(?=\S{2})/gu, "$1");
    // Taa marbuta ends a word as a vowel in Latin spellings ("خولة" Khawla, "جماعة" Jamaa), not as "h".
    t = t.replace(/ة(?=\s|$|[^\p{L}])/gu, "a");
    // ض is "d" in Arabic spellings and "z" in Persian and Urdu ones (Fadl, Fazl; Ramadan, Ramazan).
    t = t.replace(/ض/gu, "dz");
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
    // Single letters joined by punctuation are one word: "s.a." is "sa", "H-a-f-i-z" is "hafiz", "a/s" is "as".
    .replace(/(?<![a-z0-9])[a-z](?:[^a-z0-9\s]+[a-z](?![a-z0-9]))+/g, (letters) =>
      letters.replace(/[^a-z]/g, ""),
    )
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
  let words = text
    .split(" ")
    .filter(Boolean)
    // Digits standing in for letters inside a word ("Ig0r Sech1n").
    .map((w) =>
      /[a-z]/.test(w) && /\d/.test(w) && !/^\d+(st|nd|rd|th)$/.test(w)
        ? w.replace(/[0134579]/g, (d) => LEET[d] ?? d)
        : w,
    )
    // Abbreviated words of organisations' names ("Int'l", "Dept.").
    .map((w) => ABBREVIATIONS[w] ?? w)
    // Spellings of the same name particle: "bin", "ibn", "ben" (son of); "abdul", "abdel", "abd" (servant of).
    .map((w) => PARTICLES[w] ?? w);
  const entity = kind === "entity" || kind === "vessel" || kind === "aircraft";
  if (entity) words = numbersAsDigits(words);
  // A name written in an abjad has no short vowels, so Latin titles and articles would strike real words out of
  // it ("عمر" Omar reads "mr"): only titles as that script writes them are dropped.
  const titles = abjad ? ABJAD_HONORIFICS : HONORIFICS;
  const kept = words.filter((w) => {
    if (titles.has(w) && !entity) return false;
    if (ARTICLES.has(w) && !entity && !abjad) return false;
    if (entity && LEGAL_FORMS.has(w)) return false;
    return true;
  });
  const tokens = kept.length > 0 ? kept : words;
  return { tokens, abjad, entity };
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
  // Pure and called for every word of every list name and query: remembered (bounded; cleared when full), by the
  // word itself, so a call that finds it makes no key string (screening imported customers by the hundred thousand
  // made a key per word compared, garbage the console's heap grew on).
  const known = abjad ? abjadSkeletons : skeletons;
  const s = known.get(token);
  if (s !== undefined) return s;
  if (known.size > 50_000) known.clear();
  const computed = computeSkeleton(token, abjad);
  known.set(token, computed);
  return computed;
}

const skeletons = new Map<string, string>();
const abjadSkeletons = new Map<string, string>();

function computeSkeleton(token: string, abjad: boolean): string {
  let s = token;
  if (abjad) {
    // As an Arabic spelling shows it: no "p"; "j" is a consonant; ث is "th" or "s", ذ and ظ "dh" or "z", خ "kh",
    // غ "gh" or "g", each one letter here ("th" may also be ت + ه: a query tries that reading too, see keysOf).
    // French spellings of Maghrebi names: "dj" is ج, "ch" is ش, "c" before e/i is س.
    s = s
      .replace(/dj/g, "j")
      .replace(/ch/g, "sh")
      .replace(/c(?=[ei])/g, "s")
      .replace(/c/g, "k")
      .replace(/ph/g, "f")
      .replace(/th/g, "s")
      .replace(/dh/g, "z")
      .replace(/kh/g, "x")
      .replace(/gh/g, "g");
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
