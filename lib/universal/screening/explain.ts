import type { FieldComparison, ScoreFactor } from "./types";

/** Each compared field as a person names it, in a sentence (a table's row label capitalises it). */
export const FIELD_WORDS: Record<FieldComparison["field"], string> = {
  name: "name",
  dateOfBirth: "date of birth",
  nationality: "nationality",
  country: "country",
  identifier: "identifier",
  kind: "kind",
};

/** The sender's fields a masked score leaves out (its `scoreLeavesOut`), as a sentence names them. */
const LEFT_OUT_WORDS: Record<string, string> = {
  FULL_NAME: "name",
  BIRTH_DATE: "date of birth",
  NATIONALITY: "nationality",
};

export const leftOutWords = (fields: readonly string[]): string =>
  fields.map((field) => LEFT_OUT_WORDS[field] ?? field.toLowerCase().replace(/_/g, " ")).join(" and ");

/**
 * A score's part in a person's words ("date of birth match +0.08"). The matcher writes them so; a screening stored
 * before it did names the field as the code does ("dateOfBirth match"), and reads the same here.
 */
export function factorWords(factor: ScoreFactor): string {
  const [first = "", ...rest] = factor.label.split(" ");
  const label = [FIELD_WORDS[first as FieldComparison["field"]] ?? first, ...rest].join(" ");
  return `${label} ${factor.value >= 0 ? "+" : ""}${factor.value.toFixed(2)}`;
}
