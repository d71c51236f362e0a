/**
 * Screening: watchlist entries as read from a published list, the version of a load, and a result that explains
 * itself (which entry, which alias, each field side by side, the score and what made it, the list version).
 */

export type ListSource = "un" | "ofac-sdn" | "ofac-advanced" | "eu-fsf";

export type EntryKind = "person" | "entity" | "vessel" | "aircraft";

/** Strong: a name the list gives as reliable. Weak: the list marks it low quality ("weak a.k.a."). */
type NameQuality = "strong" | "weak";

/** "latin" for names already in Latin letters, otherwise the Unicode script the name was written in. */
export type NameScript = "latin" | "arabic" | "cyrillic" | "han" | "hangul" | "other";

export type EntryName = {
  name: string;
  quality: NameQuality;
  script: NameScript;
  /** "primary", "aka", "fka", "original-script" and the like: what the list calls it. */
  kind: string;
};

/** Dates as the lists give them: ISO "YYYY", "YYYY-MM" or "YYYY-MM-DD". */
export type EntryDateOfBirth =
  | { type: "exact"; date: string }
  | { type: "approximate"; date: string }
  | { type: "range"; from: string; to: string };

export type EntryIdentifier = { type: string; value: string; country?: string };

export type ListEntry = {
  listId: ListSource;
  entryId: string;
  kind: EntryKind;
  names: EntryName[];
  datesOfBirth: EntryDateOfBirth[];
  /** ISO 3166-1 alpha-2, upper case, when the country could be recognised; the list's words otherwise. */
  nationalities: string[];
  /** Countries of address, registration, place of birth (alpha-2 where recognised). */
  countries: string[];
  identifiers: EntryIdentifier[];
  remarks?: string;
};

export type ParseError = { at: string; message: string };

export type ListVersion = {
  listId: ListSource;
  source: string;
  /** The issue date the list states (YYYY-MM-DD), or null when it states none. */
  issuedOn: string | null;
  /** sha256 of the bytes read, hex. */
  contentHash: string;
  counts: { entries: number; names: number; byKind: Record<EntryKind, number> };
  parseErrors: ParseError[];
};

export type ListLoad = { version: ListVersion; entries: ListEntry[] };

export type ScreeningQuery = {
  name: string;
  kind?: EntryKind;
  /** "YYYY", "YYYY-MM" or "YYYY-MM-DD". */
  dateOfBirth?: string;
  /** Country names or alpha-2 codes. */
  nationality?: string;
  country?: string;
  identifiers?: { type?: string; value: string }[];
};

/** "masked": the screened value is hidden from the viewer's role, and so is how it compared (the console's masking). */
type FieldVerdict = "match" | "mismatch" | "missing" | "masked";

export type FieldComparison = {
  field: "name" | "dateOfBirth" | "nationality" | "country" | "identifier" | "kind";
  verdict: FieldVerdict;
  query: string | null;
  entry: string | null;
  /** What this field added to (or took from) the score. */
  effect: number;
};

export type ScoreFactor = { label: string; value: number };

export type ScreeningHit = {
  listId: ListSource;
  entryId: string;
  kind: EntryKind;
  primaryName: string;
  matchedAlias: { name: string; quality: NameQuality; weak: boolean; kind: string };
  nameScore: number;
  score: number;
  factors: ScoreFactor[];
  fields: FieldComparison[];
  /** Which query words were paired with which alias words, and how alike they were. */
  tokenPairs: { query: string; entry: string; similarity: number }[];
  /**
   * Set when the sender's fields are masked for the reader: the fields (FULL_NAME, BIRTH_DATE, NATIONALITY) whose
   * share `score` leaves out (lib/universal/privacy/mask-screening.ts).
   */
  scoreLeavesOut?: string[];
  listVersion: Pick<ListVersion, "listId" | "issuedOn" | "contentHash">;
  alert: boolean;
};

type ScreeningOutcome = "clear" | "potential-match";

export type ScreeningResult = {
  query: ScreeningQuery;
  outcome: ScreeningOutcome;
  threshold: number;
  bestScore: number;
  hits: ScreeningHit[];
  listVersions: Pick<ListVersion, "listId" | "issuedOn" | "contentHash">[];
};
