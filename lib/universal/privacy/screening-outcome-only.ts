import { isPaymentScreening, withheldReasons } from "./mask-screening";

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const MAX_DEPTH = 8;

/**
 * A hit as a role that does not read screenings sees it on a queue card: which list and entry, whether it alerts,
 * and who dismissed or confirmed it and when. Not the listed names, the scores, the field comparisons or the word
 * pairs: beside the sender, a name's similarity to a listed name spells the sender's name, masked or not, and the
 * screening itself is for compliance (GET /api/screening/results refuses these roles).
 */
function outcomeOnlyHit(hit: unknown): unknown {
  if (!isRecord(hit)) return hit;
  const out: Json = {
    ...hit,
    primaryName: "",
    matchedAlias: { name: "", quality: "strong", weak: false, kind: "" },
    nameScore: 0,
    score: 0,
    factors: [],
    fields: [],
    tokenPairs: [],
  };
  delete out.scoreLeavesOut;
  return { ...out, ...withheldReasons(hit) };
}

/**
 * Any JSON the approval queue answers (a page, an entry, the overview's summary) with every screening in it cut to
 * its outcome: what a queue card's one line says ("Potential match against OFAC SDN", "Screened clear against …"),
 * for a role that does not read screenings (decision 0074, amended). The best score goes too.
 */
export function screeningsOutcomeOnly<T>(json: T, depth = 0): T {
  if (depth > MAX_DEPTH || typeof json !== "object" || json === null) return json;
  if (Array.isArray(json)) return json.map((item) => screeningsOutcomeOnly(item, depth + 1)) as T;
  if (isPaymentScreening(json)) {
    const out: Json = { ...json, bestScore: 0, hits: (json.hits as unknown[]).map(outcomeOnlyHit) };
    delete out.scoreLeavesOut;
    return out as T;
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(json as Json)) out[key] = screeningsOutcomeOnly(value, depth + 1);
  return out as T;
}
