import { FIELD_WORDS } from "../screening/explain";
import { maskValue, type PersonalDataCategory } from "./fields";
import { REASON_WITHHELD } from "./reason-withheld";

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** What a screening record says about the screened sender, by category, as a counterparty field names it. */
const QUERY_FIELDS = [
  ["name", "FULL_NAME", "name"],
  ["dateOfBirth", "BIRTH_DATE", "birthDate"],
  ["nationality", "NATIONALITY", "nationality"],
] as const;

/**
 * Whether a JSON object is a stored screening of a counterparty (lib/universal/screening/records.ts): a payment's
 * sender, or the holder of an external account a payment goes to. Both are masked as a counterparty's fields are.
 */
export function isPaymentScreening(value: unknown): value is Json {
  return (
    isRecord(value) &&
    (value.subjectType === "payment" || value.subjectType === "recipient") &&
    isRecord(value.query) &&
    Array.isArray(value.hits)
  );
}

/**
 * A payment sender's screening as a role may see it: the sender's name, date of birth and nationality (in the
 * query, the subject's name, and the screened side of every hit's comparison) masked where the role may not see
 * them, as the counterparty's own fields are. What the list says is published and stays — so for a hidden field
 * the comparison's verdict and its share of the score go too: "date of birth: match" beside the list's published
 * date would tell the sender's. Each hit's score, and the record's best, are then the sum of the parts shown (a
 * score that still held a hidden part, less the parts shown, would be that part exactly), and `scoreLeavesOut`
 * names what they leave out; the outcome and each hit's alert stay (they are what compliance acts on). A hidden
 * name's word pairs go whole: a similarity of 1 beside the list's word spells the sender's. A field's verdict is
 * seen by revealing the sender's value, with a reason, audited.
 */
export function maskPaymentScreening(record: Json, visible: readonly PersonalDataCategory[]): Json {
  const hidden = QUERY_FIELDS.filter(([, , category]) => !visible.includes(category));
  if (hidden.length === 0) return record;
  const query = { ...(record.query as Json) };
  for (const [key, field] of hidden) {
    if (typeof query[key] === "string") query[key] = maskValue(field, query[key]);
  }
  const hiddenName = hidden.some(([key]) => key === "name");
  const leavesOut = hidden.filter(([key]) => key !== "name").map(([, field]) => field);
  const hits = (record.hits as unknown[]).map((hit) => {
    if (!isRecord(hit)) return hit;
    const fields = Array.isArray(hit.fields)
      ? hit.fields.map((comparison) => {
          if (!isRecord(comparison)) return comparison;
          const match = hidden.find(([key]) => key === comparison.field);
          if (!match || typeof comparison.query !== "string") return comparison;
          const shown = { ...comparison, query: maskValue(match[1], comparison.query) };
          // The name's comparison shows its words' similarity, not a value; the others would tell the value.
          return match[0] === "name" ? shown : { ...shown, verdict: "masked", effect: 0 };
        })
      : hit.fields;
    const tokenPairs = hiddenName && Array.isArray(hit.tokenPairs) ? [] : hit.tokenPairs;
    // What officers wrote about the sender (why it is or is not the listed person) says who the sender is.
    const decided = hiddenName ? withheldReasons(hit) : {};
    // The score's parts name each field's verdict ("date of birth match +0.08", or as stored before the matcher
    // wrote a person's words, "dateOfBirth match"): a hidden field's part goes, under either name.
    const hiddenFactors = hidden
      .filter(([key]) => key !== "name")
      .flatMap(([key]) => [`${key} `, `${FIELD_WORDS[key]} `]);
    const tellsHidden = (factor: unknown) => {
      const label = isRecord(factor) ? factor.label : undefined;
      return typeof label === "string" && hiddenFactors.some((prefix) => label.startsWith(prefix));
    };
    if (!Array.isArray(hit.factors) || !hit.factors.some(tellsHidden))
      return { ...hit, fields, tokenPairs, ...decided };
    const factors = hit.factors.filter((factor) => !tellsHidden(factor));
    return {
      ...hit,
      fields,
      tokenPairs,
      ...decided,
      factors,
      score: scoreOf(factors),
      scoreLeavesOut: leavesOut,
    };
  });
  const scores = hits.flatMap((hit) => (isRecord(hit) && typeof hit.score === "number" ? [hit.score] : []));
  return {
    ...record,
    query,
    // Best first by the scores shown: two entries the matcher scored alike (both capped at 1) can differ once a
    // hidden field's part is gone, and the first is what the timeline and the alerts queue call the best.
    hits: leavesOut.length > 0 ? [...hits].sort((a, b) => shownScore(b) - shownScore(a)) : hits,
    ...(leavesOut.length > 0 && typeof record.bestScore === "number"
      ? { bestScore: scores.length > 0 ? Math.max(...scores) : record.bestScore, scoreLeavesOut: leavesOut }
      : {}),
    ...(hiddenName && typeof record.subjectName === "string"
      ? { subjectName: maskValue("FULL_NAME", record.subjectName) }
      : {}),
    maskedScreeningFields: hidden.map(([, field]) => field),
  };
}

/** A hit's dismissal and confirmation with their reasons withheld (the rest of them, who and when, stays). */
export function withheldReasons(hit: Json): Json {
  const out: Json = {};
  if (isRecord(hit.dismissed)) out.dismissed = { ...hit.dismissed, reason: REASON_WITHHELD };
  if (isRecord(hit.confirmation)) {
    out.confirmation = {
      ...hit.confirmation,
      reason: REASON_WITHHELD,
      ...(typeof hit.confirmation.confirmedReason === "string" ? { confirmedReason: REASON_WITHHELD } : {}),
    };
  }
  if (isRecord(hit.confirmedBefore))
    out.confirmedBefore = { ...hit.confirmedBefore, reason: REASON_WITHHELD };
  return out;
}

const shownScore = (hit: unknown): number => (isRecord(hit) && typeof hit.score === "number" ? hit.score : 0);

/** A score as the matcher adds its parts (lib/server/screening/matcher.ts): their sum, within 0 and 1, to 4 places. */
function scoreOf(factors: unknown[]): number {
  const sum = factors.reduce<number>(
    (total, factor) => total + (isRecord(factor) && typeof factor.value === "number" ? factor.value : 0),
    0,
  );
  return Math.round(Math.max(0, Math.min(1, sum)) * 10_000) / 10_000;
}
