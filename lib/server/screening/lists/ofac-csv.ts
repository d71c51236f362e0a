import "server-only";
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import type {
  EntryDateOfBirth,
  EntryIdentifier,
  EntryKind,
  ListEntry,
  ListLoad,
} from "../../../universal/screening/types";
import {
  type ByteSource,
  clean,
  countryOrText,
  dobFromText,
  hashed,
  LoadBuilder,
  newHash,
  scriptOf,
} from "./common";

/** The four header-less files of OFAC's legacy SDN CSV, joined on ent_num. `comments` is optional. */
export type OfacCsvSources = { sdn: ByteSource; alt?: ByteSource; add?: ByteSource; comments?: ByteSource };

const NULL = "-0-";
const EOF_CHAR = String.fromCharCode(26);
const value = (v: string | undefined): string => {
  const s = clean(v);
  return s === NULL ? "" : s;
};

async function* rows(
  source: ByteSource,
  hash: ReturnType<typeof newHash>,
  file: string,
  onError: (at: string, message: string) => void,
): AsyncGenerator<{ line: number; record: string[] }> {
  const parser = parse({
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
  });
  parser.on("skip", (err: Error & { lines?: number }) => onError(`${file}:${err.lines ?? "?"}`, err.message));
  const input = Readable.from(hashed(source, hash));
  input.pipe(parser);
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    // The legacy files end with an end-of-file control character on a line of its own.
    if (record.length === 1 && (record[0] ?? "").replaceAll(EOF_CHAR, "").trim() === "") continue;
    yield { line: info.lines, record };
  }
}

function kindOf(type: string): EntryKind {
  const t = type.toLowerCase();
  if (t === "individual") return "person";
  if (t === "vessel") return "vessel";
  if (t === "aircraft") return "aircraft";
  return "entity";
}

const ID_TYPES =
  /^(?:alt\.\s+)?(Passport|National ID No\.|Cedula No\.|NIT #|R\.F\.C\.|C\.U\.R\.P\.|RUC #|Tax ID No\.|Registration ID|Registration Number|Identification Number|SSN|D\.N\.I\.|Folio Mercantil No\.|Matricula Mercantil No|Government Gazette Number|Business Registration Document #|Business Number|Company Number|Commercial Registry Number|Public Registration Number|Vessel Registration Identification IMO|MMSI|SWIFT\/BIC|Email Address|Digital Currency Address - [A-Z]+|Aircraft Manufacturer's Serial Number \(MSN\)|Driver's License No\.|Personal ID Card|Residency Number|UK Company Number|Trade License No\.|License|Refugee ID Card|Birth Certificate Number|V\.A\.T\. Number|Kenyan ID No\.|Electoral Registry No\.|Passport Number)\s+(.+)$/;

/** Dates of birth, nationalities, identifiers and places from the free-text remarks. */
export function parseRemarks(remarks: string): {
  datesOfBirth: EntryDateOfBirth[];
  nationalities: string[];
  countries: string[];
  identifiers: EntryIdentifier[];
} {
  const datesOfBirth: EntryDateOfBirth[] = [];
  const nationalities: string[] = [];
  const countries: string[] = [];
  const identifiers: EntryIdentifier[] = [];
  for (const rawPart of remarks.split(";")) {
    const part = clean(rawPart).replace(/\.$/, "");
    let m = /^(?:alt\.\s+)?DOB\s+(.+)$/.exec(part);
    if (m) {
      const dob = dobFromText(m[1] ?? "");
      if (dob) datesOfBirth.push(dob);
      continue;
    }
    m = /^(?:alt\.\s+)?(?:nationality|citizen)\s+(.+)$/.exec(part);
    if (m) {
      const c = countryOrText(m[1]);
      if (c) nationalities.push(c);
      continue;
    }
    m = /^(?:alt\.\s+)?POB\s+(.+)$/.exec(part);
    if (m) {
      const place = m[1] ?? "";
      const c = countryOrText(place.split(",").pop());
      if (c) countries.push(c);
      continue;
    }
    m = ID_TYPES.exec(part);
    if (m) {
      const rest = m[2] ?? "";
      const idm = /^(\S+)(?:.*?\(([^)]+)\))?/.exec(rest);
      const idValue = idm?.[1] ?? rest;
      const country = idm?.[2] ? (countryOrText(idm[2]) ?? undefined) : undefined;
      identifiers.push({ type: (m[1] ?? "").replace(/^alt\.\s+/, ""), value: idValue, country });
    }
  }
  return { datesOfBirth, nationalities, countries, identifiers };
}

/** OFAC SDN legacy CSV: sdn.csv, alt.csv, add.csv and sdn_comments.csv, read as streams and joined on ent_num. */
export async function readOfacSdnCsv(
  sources: OfacCsvSources,
  sourceName = "OFAC SDN CSV",
): Promise<ListLoad> {
  const load = new LoadBuilder("ofac-sdn", sourceName);
  const hash = newHash();
  const error = (at: string, message: string) => load.error(at, message);
  const byId = new Map<string, ListEntry>();
  const remarks = new Map<string, string>();

  for await (const { line, record } of rows(sources.sdn, hash, "sdn.csv", error)) {
    const [entNum, name, type, , title, callSign, vesselType, , , vesselFlag, , remark] = record;
    const id = value(entNum);
    const primary = value(name);
    if (!/^\d+$/.test(id) || !primary) {
      error(`sdn.csv:${line}`, "row without ent_num or name");
      continue;
    }
    const entry: ListEntry = {
      listId: "ofac-sdn",
      entryId: id,
      kind: kindOf(value(type)),
      names: [{ name: primary, quality: "strong", script: scriptOf(primary), kind: "primary" }],
      datesOfBirth: [],
      nationalities: [],
      countries: [],
      identifiers: [],
    };
    if (value(callSign)) entry.identifiers.push({ type: "Call Sign", value: value(callSign) });
    const flag = countryOrText(value(vesselFlag));
    if (flag) entry.countries.push(flag);
    const notes = [value(title), value(vesselType)].filter(Boolean);
    remarks.set(id, [value(remark), ...notes].filter(Boolean).join("; "));
    byId.set(id, entry);
  }
  if (sources.comments) {
    for await (const { record } of rows(sources.comments, hash, "sdn_comments.csv", error)) {
      const id = value(record[0]);
      // The comments file carries the rest of remarks too long for sdn.csv's column.
      if (byId.has(id)) remarks.set(id, `${remarks.get(id) ?? ""}${value(record[1])}`);
    }
  }
  if (sources.alt) {
    for await (const { line, record } of rows(sources.alt, hash, "alt.csv", error)) {
      const [entNum, , altType, altName, altRemarks] = record;
      const entry = byId.get(value(entNum));
      const name = value(altName);
      if (!entry || !name) {
        error(`alt.csv:${line}`, entry ? "alias without a name" : `unknown ent_num ${value(entNum)}`);
        continue;
      }
      const weak = /weak/i.test(value(altRemarks));
      entry.names.push({
        name,
        quality: weak ? "weak" : "strong",
        script: scriptOf(name),
        kind: value(altType).toLowerCase() || "aka",
      });
    }
  }
  if (sources.add) {
    for await (const { line, record } of rows(sources.add, hash, "add.csv", error)) {
      const entry = byId.get(value(record[0]));
      if (!entry) {
        error(`add.csv:${line}`, `unknown ent_num ${value(record[0])}`);
        continue;
      }
      const c = countryOrText(value(record[4]));
      if (c && !entry.countries.includes(c)) entry.countries.push(c);
    }
  }
  for (const [id, entry] of byId) {
    const text = remarks.get(id) ?? "";
    if (text) {
      entry.remarks = text;
      const parsed = parseRemarks(text);
      entry.datesOfBirth.push(...parsed.datesOfBirth);
      entry.nationalities = [...new Set(parsed.nationalities)];
      for (const c of parsed.countries) if (!entry.countries.includes(c)) entry.countries.push(c);
      entry.identifiers.push(...parsed.identifiers);
    }
    load.add(entry);
  }
  return load.finish(hash, null);
}
