import "server-only";
import { createHash, type Hash } from "node:crypto";
import type {
  EntryDateOfBirth,
  EntryKind,
  ListEntry,
  ListSource,
  ListVersion,
  NameScript,
  ParseError,
} from "../../../universal/screening/types";

/** Bytes or text arriving in chunks: a Node stream, a web stream, or an array of buffers in tests. */
export type ByteSource = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/** Passes every chunk through, hashing it on the way. */
export async function* hashed(source: ByteSource, hash: Hash): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of source) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    hash.update(bytes);
    const text = decoder.decode(bytes, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

export function newHash(): Hash {
  return createHash("sha256");
}

const MAX_REPORTED_ERRORS = 200;

/** Collects entries, counts and parse errors as a reader goes; a bad record is reported, never fatal. */
export class LoadBuilder {
  readonly entries: ListEntry[] = [];
  readonly parseErrors: ParseError[] = [];
  private errorCount = 0;

  constructor(
    readonly listId: ListSource,
    readonly source: string,
  ) {}

  error(at: string, message: string): void {
    this.errorCount += 1;
    if (this.parseErrors.length < MAX_REPORTED_ERRORS) this.parseErrors.push({ at, message });
  }

  add(entry: ListEntry): void {
    const seen = new Set<string>();
    entry.names = entry.names.filter((n) => {
      const key = `${n.name}\u0000${n.quality}`;
      if (!n.name.trim() || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (entry.names.length === 0) {
      this.error(entry.entryId, "entry has no name");
      return;
    }
    this.entries.push(entry);
  }

  finish(hash: Hash, issuedOn: string | null): { version: ListVersion; entries: ListEntry[] } {
    const byKind: Record<EntryKind, number> = { person: 0, entity: 0, vessel: 0, aircraft: 0 };
    let names = 0;
    for (const e of this.entries) {
      byKind[e.kind] += 1;
      names += e.names.length;
    }
    if (this.errorCount > this.parseErrors.length) {
      this.parseErrors.push({
        at: "",
        message: `${this.errorCount - this.parseErrors.length} more errors not listed`,
      });
    }
    return {
      version: {
        listId: this.listId,
        source: this.source,
        issuedOn,
        contentHash: hash.digest("hex"),
        counts: { entries: this.entries.length, names, byKind },
        parseErrors: this.parseErrors,
      },
      entries: this.entries,
    };
  }
}

export function scriptOf(text: string): NameScript {
  if (/\p{Script=Arabic}/u.test(text)) return "arabic";
  if (/\p{Script=Cyrillic}/u.test(text)) return "cyrillic";
  if (/\p{Script=Hangul}/u.test(text)) return "hangul";
  if (/\p{Script=Han}/u.test(text)) return "han";
  if (/[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(text)) return "other";
  return "latin";
}

export function clean(text: string | undefined | null): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

// ---- countries -------------------------------------------------------------------------------------------

const countryNames = new Map<string, string>();
const countryKey = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\(.*?\)/g, " ")
    .replace(/\bthe\b/g, " ")
    .replace(/\bsaint\b/g, "st")
    .replace(/[^a-z]+/g, " ")
    .trim();

(() => {
  const display = new Intl.DisplayNames(["en"], { type: "region" });
  const deprecated = new Set([
    "BU",
    "SU",
    "VD",
    "ZR",
    "DD",
    "YD",
    "NT",
    "TP",
    "CS",
    "YU",
    "FX",
    "DY",
    "HV",
    "RH",
  ]);
  for (let a = 65; a < 91; a++) {
    for (let b = 65; b < 91; b++) {
      const code = String.fromCharCode(a, b);
      if (deprecated.has(code)) continue;
      let name: string | undefined;
      try {
        name = display.of(code);
      } catch {
        name = undefined;
      }
      if (!name || name === code) continue;
      countryNames.set(countryKey(name), code);
      const paren = /\((.*?)\)/.exec(name)?.[1];
      if (paren) countryNames.set(countryKey(paren), code);
    }
  }
  const aliases: Record<string, string> = {
    "Iran Islamic Republic of": "IR",
    "Syrian Arab Republic": "SY",
    "Russian Federation": "RU",
    "Democratic People's Republic of Korea": "KP",
    "Korea Democratic People's Republic of": "KP",
    "Korea North": "KP",
    "Republic of Korea": "KR",
    "Korea South": "KR",
    "United Republic of Tanzania": "TZ",
    "Viet Nam": "VN",
    "Lao People's Democratic Republic": "LA",
    "Democratic Republic of the Congo": "CD",
    "Congo Democratic Republic of the": "CD",
    "Republic of the Congo": "CG",
    Congo: "CG",
    "Republic of Moldova": "MD",
    "Ivory Coast": "CI",
    "Cote d'Ivoire": "CI",
    "East Timor": "TL",
    Burma: "MM",
    Palestine: "PS",
    Palestinian: "PS",
    "State of Palestine": "PS",
    "Occupied Palestinian Territory": "PS",
    Gaza: "PS",
    "West Bank": "PS",
    "Czech Republic": "CZ",
    "Bosnia-Herzegovina": "BA",
    Macedonia: "MK",
    "The former Yugoslav Republic of Macedonia": "MK",
    "Libyan Arab Jamahiriya": "LY",
    "Brunei Darussalam": "BN",
    Turkiye: "TR",
    "Great Britain": "GB",
    England: "GB",
    "United States of America": "US",
    USA: "US",
    UAE: "AE",
    Vatican: "VA",
    Swaziland: "SZ",
    "Cape Verde": "CV",
    "Kyrgyz Republic": "KG",
    "Slovak Republic": "SK",
    "Sudan South": "SS",
    "Soviet Union": "RU",
    "former Soviet Union": "RU",
    Turkey: "TR",
    "Hong Kong": "HK",
    "China Hong Kong Special Administrative Region": "HK",
    "Virgin Islands British": "VG",
    "United Kingdom of Great Britain and Northern Ireland": "GB",
    DRC: "CD",
    "Congo Republic of the": "CG",
    "Man Isle of": "IM",
    "Cabo Verde": "CV",
    "Gaza Strip": "PS",
    "Region Gaza": "PS",
    "possibly Palestinian": "PS",
    "Comoros Islands": "KM",
  };
  for (const [name, code] of Object.entries(aliases)) countryNames.set(countryKey(name), code);
  // Demonyms as the lists write nationalities ("Iraqi", "Afghan").
  const demonyms: Record<string, string> = {
    afghan: "AF",
    iraqi: "IQ",
    iranian: "IR",
    syrian: "SY",
    yemeni: "YE",
    saudi: "SA",
    pakistani: "PK",
    egyptian: "EG",
    libyan: "LY",
    tunisian: "TN",
    algerian: "DZ",
    moroccan: "MA",
    sudanese: "SD",
    somali: "SO",
    jordanian: "JO",
    lebanese: "LB",
    kuwaiti: "KW",
    russian: "RU",
    ukrainian: "UA",
    cuban: "CU",
    venezuelan: "VE",
    colombian: "CO",
    mexican: "MX",
    british: "GB",
    american: "US",
    chinese: "CN",
    indonesian: "ID",
    filipino: "PH",
    "north korean": "KP",
    korean: "KR",
    turkish: "TR",
    german: "DE",
    french: "FR",
    belgian: "BE",
    emirati: "AE",
    qatari: "QA",
    bahraini: "BH",
    omani: "OM",
    palestinian: "PS",
    rwandan: "RW",
    congolese: "CD",
    malian: "ML",
    nigerian: "NG",
  };
  for (const [name, code] of Object.entries(demonyms)) countryNames.set(countryKey(name), code);
})();

/** Alpha-2 code for a country name, demonym or code; null when unrecognised. */
export function countryCode(text: string | undefined | null): string | null {
  const raw = clean(text);
  if (!raw) return null;
  if (/^[A-Za-z]{2}$/.test(raw)) return raw.toUpperCase();
  const key = countryKey(raw);
  const direct = countryNames.get(key);
  if (direct) return direct;
  const withoutParen = countryKey(raw.replace(/\(.*?\)/g, ""));
  return countryNames.get(withoutParen) ?? null;
}

/** Alpha-2 when recognised, else the cleaned words; empty strings are dropped. */
export function countryOrText(text: string | undefined | null): string | null {
  const raw = clean(text);
  if (!raw) return null;
  return countryCode(raw) ?? raw;
}

// ---- dates -----------------------------------------------------------------------------------------------

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const pad = (n: number) => String(n).padStart(2, "0");

/** "1960", "1960-06-29", "29 Jun 1960", "Jun 1960", "29/06/1960" → ISO prefix; null when not a date. */
export function isoDate(text: string): string | null {
  const s = clean(text);
  let m = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:T.*)?$/.exec(s);
  if (m) {
    const [, y, mo, d] = m;
    if (!mo || Number(mo) === 0) return y ?? null;
    if (!d || Number(d) === 0) return `${y}-${pad(Number(mo))}`;
    return `${y}-${pad(Number(mo))}-${pad(Number(d))}`;
  }
  m = /^(?:(\d{1,2}) )?([A-Za-z]{3})[a-z]*\.? (\d{4})$/.exec(s);
  if (m) {
    const month = MONTHS[(m[2] ?? "").toLowerCase()];
    if (!month) return null;
    return m[1] ? `${m[3]}-${pad(month)}-${pad(Number(m[1]))}` : `${m[3]}-${pad(month)}`;
  }
  m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(s);
  if (m) return `${m[3]}-${pad(Number(m[2]))}-${pad(Number(m[1]))}`;
  return null;
}

/** A date of birth as a remark writes it: "circa 1960", "1960 to 1962", "10 Jan 1960". */
export function dobFromText(text: string): EntryDateOfBirth | null {
  const s = clean(text);
  const approx = /^(?:circa|approximately|approx\.?|ca\.?|about)\s+(.*)$/i.exec(s);
  if (approx) {
    const d = isoDate(approx[1] ?? "");
    return d ? { type: "approximate", date: d } : null;
  }
  const range = /^(.+?)\s*(?:to|-|–)\s*(.+)$/i.exec(s);
  if (range && !/^\d{4}-\d/.test(s)) {
    const from = isoDate(range[1] ?? "");
    const to = isoDate(range[2] ?? "");
    if (from && to) return { type: "range", from, to };
  }
  const d = isoDate(s);
  return d ? { type: "exact", date: d } : null;
}
