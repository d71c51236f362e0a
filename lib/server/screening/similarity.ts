import "server-only";
import { skeleton } from "./normalise";

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
  if (a.replace(/(.)\1+/g, "$1") === b.replace(/(.)\1+/g, "$1")) return 0.95;
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
