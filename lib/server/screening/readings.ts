import "server-only";
import type { EntryKind } from "../../universal/screening/types";
import { foldLookalikes } from "./confusables";
import { type NormalisedName, normaliseName } from "./normalise";

/**
 * The names a screened name stands for: itself, and when it is "A / B" (a counterparty that gave a person's name and
 * a business's, the pairs benchmark's alternatives) each of A and B.
 */
export function alternativesOf(name: string): string[] {
  if (!name.includes("/")) return [name];
  return [name, ...name.split("/").flatMap((part) => (part.trim() ? [part.trim()] : []))];
}

/**
 * The ways a screened name may be read, each normalised: as written (other scripts transliterated by sound); with
 * letters that look like Latin ones folded to them by shape, in the words that pass for Latin (confusables.ts:
 * "Вoriѕ" is "Boris", not "Voridz"); and either of those with each run of single letters joined into one word
 * ("I G O R S E C H I N" is "igorsechin", which meets "Igor Sechin" as a joined spelling does). A name is as alike
 * an entry as its most alike reading; the first is the name as written.
 */
export function readingsOf(name: string, kind?: EntryKind): NormalisedName[] {
  const readings: NormalisedName[] = [];
  const seen = new Set<string>();
  const add = (reading: NormalisedName) => {
    const key = reading.tokens.join(" ");
    if (seen.has(key)) return;
    seen.add(key);
    readings.push(reading);
  };
  const folded = foldLookalikes(name.normalize("NFKC"));
  for (const text of folded ? [name, folded] : [name]) {
    const reading = normaliseName(text, kind);
    add(reading);
    const joined = joinLetterRuns(reading.tokens);
    if (joined) add({ ...reading, tokens: joined });
  }
  return readings;
}

/** The words with every run of two or more single letters made one word; null when there is no such run. */
function joinLetterRuns(tokens: string[]): string[] | null {
  const out: string[] = [];
  let run = "";
  let joined = false;
  const endRun = () => {
    if (run.length > 1) joined = true;
    if (run) out.push(run);
    run = "";
  };
  for (const token of tokens) {
    if (/^[a-z]$/.test(token)) run += token;
    else {
      endRun();
      out.push(token);
    }
  }
  endRun();
  return joined ? out : null;
}
