import "server-only";
import { skeleton } from "./normalise";

/**
 * A word with the usual alternatives of transliteration folded together: doubled letters, "ou"/"oo"/"u",
 * "ee"/"i", the diphthong spellings "ay"/"ai"/"ey"/"ei", "y" or "j" for a vowel or a final glide ("Sergei",
 * "Sergey", "Sergej"), "ph"/"f", "dj"/"j", "kh"/"h", "q"/"k", "ck"/"k", "w"/"v" (German and Slavic spellings).
 */
function spellingFold(word: string): string {
  return word
    .replace(/(.)\1+/g, "$1")
    .replace(/ph/g, "f")
    .replace(/dj/g, "j")
    .replace(/kh/g, "h")
    .replace(/ck/g, "k")
    .replace(/q/g, "k")
    .replace(/w/g, "v")
    .replace(/o[ou]/g, "u")
    .replace(/ee/g, "i")
    .replace(/[ae][iy]/g, "ei")
    .replace(/[yj](?![aeiou])/g, "i")
    .replace(/(.)\1+/g, "$1");
}

/**
 * A word with its doubled letters made single, and folded (spellingFold): pure and asked of every word pair compared,
 * so remembered by the word (bounded; cleared when full), as skeletons are.
 */
function foldsOf(word: string): { undoubled: string; folded: string } {
  let known = folds.get(word);
  if (!known) {
    if (folds.size > 50_000) folds.clear();
    known = { undoubled: word.replace(/(.)\1+/g, "$1"), folded: spellingFold(word) };
    folds.set(word, known);
  }
  return known;
}

const folds = new Map<string, { undoubled: string; folded: string }>();

/** Jaro-Winkler similarity (prefix scale 0.1, up to four letters). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const matchedA = new Uint8Array(la);
  const matchedB = new Uint8Array(lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lb - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (matchedB[j] || a[i] !== b[j]) continue;
      matchedA[i] = 1;
      matchedB[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (!matchedA[i]) continue;
    while (!matchedB[k]) k++;
    if (a[i] !== b[k]) transpositions++;
    k++;
  }
  const jaro = (matches / la + matches / lb + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Edit distance with adjacent transpositions (optimal string alignment): "Marcon" is one edit from "Macron". */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    const prev = rows[i - 1] ?? [];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      cur[j] = d;
    }
    rows.push(cur);
  }
  return rows[a.length]?.[b.length] ?? 0;
}

/**
 * How alike two normalised words are, 0..1: exact, an initial against a word it starts, look-alike spellings
 * (same consonant skeleton), typos (Jaro-Winkler, damped for short words). Words from an abjad are compared by
 * skeleton too, since their short vowels were never written.
 */
export function tokenSimilarity(a: string, b: string, abjad = false): number {
  if (a === b) return 1;
  if (a.length === 1 || b.length === 1) {
    return a[0] === b[0] ? 0.85 : 0;
  }
  if (/\d/.test(a) || /\d/.test(b)) return 0;
  // A doubled letter is a spelling, not another name ("Jong-uun").
  const foldsA = foldsOf(a);
  const foldsB = foldsOf(b);
  if (foldsA.undoubled === foldsB.undoubled) return 0.95;
  // Transliterations of one name ("Husayn", "Hussein"; "Qasim", "Kassem"; "Sergejs", "Sergey").
  const fa = foldsA.folded;
  const fb = foldsB.folded;
  if (fa === fb && fa.length >= 3) return 0.92;
  if (fa.length >= 4 && fb.length >= 4 && (fa === `${fb}s` || fb === `${fa}s`)) return 0.9;
  // Words of very different lengths are different words (joined forms are compared as joined units).
  if (Math.min(a.length, b.length) * 2 < Math.max(a.length, b.length) && !abjad) return 0;
  const jw = jaroWinkler(a, b);
  const distance = levenshtein(a, b);
  const longest = Math.max(a.length, b.length);
  // Edits weigh by the word's length (one typo in a long word is still the word); Jaro-Winkler adds credit
  // for a shared beginning and transposed letters.
  const ratio = 1 - distance / longest;
  let sim = 0.65 * ratio + 0.35 * jw;
  if (distance === 1 && longest >= 5) sim = Math.max(sim, 0.93);
  else if (distance === 1 && longest === 4) sim = Math.max(sim, 0.84);
  else if (longest <= 3) sim = Math.min(sim, 0.7);
  if (abjad) {
    const ra = skeleton(a, true);
    const rb = skeleton(b, true);
    if (ra === rb && ra.length >= 3) sim = Math.max(sim, 0.94);
    // Short names lose their long vowels and ain in Arabic script ("علي" → "ly" for Ali, "عدي" → "dy" for Uday).
    else if (ra === rb && ra.length >= 1 && Math.min(a.length, b.length) <= 3) sim = Math.max(sim, 0.85);
  }
  const sa = skeleton(a);
  const sb = skeleton(b);
  if (sa === sb && sa.length >= 3 && (abjad || sim >= 0.75)) sim = Math.max(sim, abjad ? 0.94 : 0.9);
  else if (sa === sb && sa.length === 2 && abjad) sim = Math.max(sim, 0.85);
  else if (abjad && sa.length >= 3 && sb.length >= 3) {
    const skeletonSim = jaroWinkler(sa, sb);
    if (skeletonSim >= 0.9) sim = Math.max(sim, skeletonSim * 0.9);
  }
  return sim;
}

/**
 * How each letter of an Arabic-script word, as transliterated (any-ascii), is written in Latin spellings of names,
 * with a cost for the less usual renderings: ث is "th" in Arabic spellings and "s" in Persian and Urdu ones
 * (Uthman, Sanaullah), ض is "d" or "z" (Fadl, Fazl), ق is "q", "k" or a Maghrebi "g", و and ي are consonants
 * or long vowels (Mahfouz, Ould; Rahim, Zidane)… An empty rendering means the letter may go unwritten.
 */
const ABJAD_RENDERINGS: Record<string, [string, number][]> = {
  b: [
    ["b", 0],
    ["p", 0.3],
  ],
  p: [
    ["p", 0],
    ["b", 0.3],
  ],
  t: [
    ["t", 0],
    ["th", 0.2],
    ["d", 0.6],
  ],
  th: [
    ["th", 0],
    ["s", 0],
    ["t", 0.2],
    ["z", 0.4],
  ],
  j: [
    ["j", 0],
    ["dj", 0],
    ["dzh", 0],
    ["g", 0.3],
    ["zh", 0.3],
    ["y", 0.5],
  ],
  h: [
    ["h", 0],
    ["kh", 0.6],
    ["", 0.5],
  ],
  kh: [
    ["kh", 0],
    ["ch", 0.2],
    ["h", 0.3],
    ["k", 0.3],
    ["x", 0.3],
  ],
  d: [
    ["d", 0],
    ["dh", 0.2],
    ["z", 0.3],
    ["t", 0.6],
  ],
  dh: [
    ["dh", 0],
    ["z", 0],
    ["d", 0.2],
    ["th", 0.2],
    ["dz", 0.2],
  ],
  // ض (written "dz" here, see normalise.ts) and the Pashto ځ.
  dz: [
    ["dz", 0],
    ["z", 0],
    ["d", 0],
    ["dh", 0.1],
    ["j", 0.3],
  ],
  r: [["r", 0]],
  z: [
    ["z", 0],
    ["s", 0.3],
    ["dh", 0.3],
  ],
  zh: [
    ["zh", 0],
    ["j", 0.2],
    ["z", 0.3],
  ],
  s: [
    ["s", 0],
    ["ss", 0],
    ["c", 0.3],
    ["z", 0.5],
  ],
  sh: [
    ["sh", 0],
    ["ch", 0.1],
    ["sch", 0.2],
    ["s", 0.5],
  ],
  ch: [
    ["ch", 0],
    ["tch", 0],
    ["c", 0.3],
    ["sh", 0.4],
  ],
  gh: [
    ["gh", 0],
    ["g", 0.1],
    ["q", 0.4],
    ["r", 0.6],
  ],
  g: [
    ["g", 0],
    ["gu", 0],
    ["gh", 0.2],
    ["k", 0.5],
  ],
  f: [
    ["f", 0],
    ["ph", 0.1],
    ["v", 0.4],
  ],
  q: [
    ["q", 0],
    ["k", 0.1],
    ["qu", 0.1],
    ["c", 0.3],
    ["g", 0.3],
    ["gh", 0.3],
    ["kh", 0.5],
  ],
  k: [
    ["k", 0],
    ["c", 0.1],
    ["ck", 0.1],
    ["q", 0.3],
    ["kh", 0.4],
    ["g", 0.5],
  ],
  l: [["l", 0]],
  m: [["m", 0]],
  n: [["n", 0]],
  w: [
    ["w", 0],
    ["ou", 0],
    ["oo", 0],
    ["u", 0],
    ["o", 0],
    ["v", 0],
    ["ow", 0.1],
    ["aw", 0.1],
    ["au", 0.1],
    ["ao", 0.2],
    ["", 0.5],
  ],
  y: [
    ["y", 0],
    ["i", 0],
    ["ee", 0],
    ["ie", 0],
    ["ei", 0],
    ["ey", 0],
    ["ai", 0.1],
    ["ay", 0.1],
    ["e", 0.2],
    ["ii", 0.1],
    ["j", 0.2],
    ["", 0.5],
  ],
  a: [
    ["a", 0],
    ["aa", 0],
    ["ah", 0],
    ["e", 0.1],
    ["i", 0.3],
    ["o", 0.3],
    ["", 0.2],
  ],
  e: [
    ["e", 0],
    ["a", 0.1],
    ["i", 0.2],
    ["ay", 0.2],
    ["", 0.3],
  ],
  i: [
    ["i", 0],
    ["e", 0.1],
    ["y", 0.1],
    ["", 0.3],
  ],
  u: [
    ["u", 0],
    ["ou", 0],
    ["o", 0.1],
    ["", 0.3],
  ],
};

const LATIN_VOWELS = "aeiou";
/**
 * The cost of a letter one side writes and the other cannot account for: more than any usual rendering. A Latin
 * spelling adds letters the script does not write (case endings, "Ansarul"; an assimilated article, "Biddam"),
 * but seldom leaves out a consonant the script writes.
 */
const UNMATCHED = 2;
const LATIN_EXTRA = 1;

/** The number of consonant letters an Arabic-script word writes, digraphs of its transliteration counted once. */
function abjadConsonants(word: string): number {
  return word.replace(/(kh|gh|sh|th|dh|zh|ch|dz)/g, "C").replace(/[aeiou]/g, "").length;
}

/**
 * How alike a word written in an abjad (transliterated, short vowels never written) and a Latin spelling are:
 * the cheapest alignment of the former's letters with their usual Latin renderings, where the Latin vowels the
 * script does not write cost nothing (a second vowel in a row, a long vowel the script would have written, a
 * little), and a letter either side cannot account for costs the most (see UNMATCHED). Four letters and more aligned at
 * no cost are the same name (0.95); fewer letters say less (two letters: 0.88).
 */
export function abjadLatinSimilarity(abjadWord: string, latinWord: string): number {
  // The script writes no doubled letters (gemination is unwritten), so two alike letters in a row are two
  // sounds ("منان" Manan), while a Latin double consonant is one.
  const a = abjadWord;
  const l = latinWord.replace(/([^aeiou])\1+/g, "$1");
  if (a.length === 0 || l.length === 0) return 0;
  const width = l.length + 1;
  const cost = new Float64Array((a.length + 1) * width).fill(Number.POSITIVE_INFINITY);
  cost[0] = 0;
  const relax = (i: number, j: number, c: number) => {
    const k = i * width + j;
    if (c < (cost[k] ?? Number.POSITIVE_INFINITY)) cost[k] = c;
  };
  for (let i = 0; i <= a.length; i++) {
    for (let j = 0; j <= l.length; j++) {
      const here = cost[i * width + j] ?? Number.POSITIVE_INFINITY;
      if (here === Number.POSITIVE_INFINITY) continue;
      if (j < l.length) {
        const ch = l[j] ?? "";
        // A Latin vowel the script leaves unwritten: free, unless it follows another (a long vowel).
        const after = l[j - 1] ?? "";
        if (LATIN_VOWELS.includes(ch)) relax(i, j + 1, here + (LATIN_VOWELS.includes(after) ? 0.3 : 0));
        // The article inside a joined Latin name ("Salahaldin", "Abdulhai") is not written on the other side.
        else if (ch === "l" && LATIN_VOWELS.includes(after) && !LATIN_VOWELS.includes(l[j + 1] ?? "a"))
          relax(i, j + 1, here + 0.3);
        else relax(i, j + 1, here + LATIN_EXTRA);
      }
      if (i < a.length) {
        relax(i + 1, j, here + UNMATCHED);
        for (const size of [2, 1]) {
          const unit = a.slice(i, i + size);
          if (unit.length !== size) continue;
          // A final ه or ة is often a vowel in Latin ("Shihata", "Juma").
          if (unit === "h" && i + 1 === a.length) relax(i + 1, j, here + 0.1);
          for (const [latin, c] of ABJAD_RENDERINGS[unit] ?? []) {
            if (latin === "" ? true : l.startsWith(latin, j)) relax(i + size, j + latin.length, here + c);
          }
        }
      }
    }
  }
  const total = cost[a.length * width + l.length] ?? Number.POSITIVE_INFINITY;
  const consonants = abjadConsonants(a);
  const base = consonants >= 4 ? 0.95 : consonants === 3 ? 0.93 : consonants === 2 ? 0.88 : 0.8;
  return Math.max(0, base - 0.12 * total);
}
