import "server-only";
import { createReadStream } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readEuFsf } from "./eu-fsf";
import { readOfacAdvanced } from "./ofac-advanced";
import { parseRemarks, readOfacSdnCsv } from "./ofac-csv";
import { readUnConsolidated } from "./un";

const lists = join(import.meta.dirname, "../../../../data/screening/lists");
const file = (name: string) => createReadStream(join(lists, name));

describe("list readers on the real published files (counts as data/screening/README.md states)", () => {
  it("reads the UN consolidated XML: 1,003 entries, 730 individuals, 273 entities", async () => {
    const { version, entries } = await readUnConsolidated(file("UN_consolidated.xml"));
    expect(version.issuedOn).toBe("2026-02-27");
    expect(version.counts.entries).toBe(1003);
    expect(version.counts.byKind).toEqual({ person: 730, entity: 273, vessel: 0, aircraft: 0 });
    expect(version.parseErrors).toEqual([]);
    expect(version.contentHash).toMatch(/^[0-9a-f]{64}$/);
    // 378 NAME_ORIGINAL_SCRIPT elements; one repeats its entry's primary name in Latin letters and is kept once.
    expect(entries.flatMap((e) => e.names).filter((n) => n.kind === "original-script")).toHaveLength(377);
    expect(entries.some((e) => e.names.some((n) => n.quality === "weak"))).toBe(true);
    const badege = entries.find((e) => e.entryId === "CDi.001");
    expect(badege?.names[0]?.name).toBe("ERIC BADEGE");
    expect(badege?.datesOfBirth).toEqual([{ type: "exact", date: "1971" }]);
    expect(badege?.nationalities).toEqual(["CD"]);
    expect(entries.some((e) => e.datesOfBirth.some((d) => d.type === "range"))).toBe(true);
  });

  it("reads the OFAC SDN legacy CSV joined on ent_num: 7,379 entries, aliases, remarks parsed", async () => {
    const { version, entries } = await readOfacSdnCsv({
      sdn: file("sdn.csv"),
      alt: file("alt.csv"),
      add: file("add.csv"),
      comments: file("sdn_comments.csv"),
    });
    expect(version.counts.entries).toBe(7379);
    expect(version.counts.byKind).toEqual({ person: 3845, entity: 2994, vessel: 323, aircraft: 217 });
    expect(version.parseErrors).toEqual([]);
    // 7,379 primary names and 9,682 aliases, less the few repeated within one entry.
    expect(version.counts.names).toBeGreaterThan(17_000);
    const zawahiri = entries.find((e) => e.entryId === "2676");
    expect(zawahiri?.datesOfBirth).toEqual([{ type: "exact", date: "1951-06-19" }]);
    expect(zawahiri?.identifiers).toContainEqual({ type: "Passport", value: "1084010", country: "EG" });
    expect(entries.every((e) => !e.names.some((n) => n.name === "-0-"))).toBe(true);
  });

  it("reads the OFAC Advanced XML: 375 parties with aliases, dates and documents", async () => {
    const { version, entries } = await readOfacAdvanced(file("ofac_consolidated_advanced.xml"));
    expect(version.issuedOn).toBe("2020-03-17");
    expect(version.counts.entries).toBe(375);
    expect(version.counts.names).toBeGreaterThanOrEqual(1285);
    expect(version.parseErrors).toEqual([]);
    const haniya = entries.find((e) => e.entryId === "9639");
    expect(haniya?.kind).toBe("person");
    expect(haniya?.datesOfBirth).toEqual([{ type: "exact", date: "1962" }]);
    expect(haniya?.names.map((n) => n.name)).toContain("HANIYYA Ismaeel");
    expect(entries.find((e) => e.entryId === "15268")?.identifiers).toContainEqual({
      type: "SWIFT/BIC",
      value: "CKLBCNBJ",
    });
  });

  it("reads EU FSF XML (a hand-written file in that format), reporting the entry without a name", async () => {
    const { version, entries } = await readEuFsf(
      createReadStream(join(import.meta.dirname, "fixtures/eu-fsf-sample.xml")),
    );
    expect(version.issuedOn).toBe("2026-03-02");
    expect(version.counts.entries).toBe(3);
    expect(version.parseErrors).toEqual([{ at: "900003", message: "entry has no name" }]);
    const ivan = entries.find((e) => e.entryId === "900001");
    expect(ivan?.names.map((n) => [n.name, n.quality, n.script])).toEqual([
      ["Ivan Petrovich Sidorov", "strong", "latin"],
      ["Иван Петрович Сидоров", "strong", "cyrillic"],
      ["Vanya", "weak", "latin"],
    ]);
    expect(ivan?.datesOfBirth).toEqual([{ type: "exact", date: "1961-04-12" }]);
    expect(ivan?.nationalities).toEqual(["RU"]);
    expect(ivan?.identifiers).toEqual([{ type: "National passport", value: "7512345678", country: "RU" }]);
    expect(entries.find((e) => e.entryId === "900002")?.kind).toBe("entity");
    expect(entries.find((e) => e.entryId === "900004")?.datesOfBirth).toEqual([
      { type: "approximate", date: "1975" },
    ]);
  });
});

describe("a bad record never throws away the good ones", () => {
  it("keeps the good CSV rows and reports the bad one", async () => {
    const sdn = [
      '1,"GOOD PERSON, One",individual,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1960."\n',
      "-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n",
      '3,"GOOD COMPANY LTD",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n',
    ];
    const alt = ['1,10,"aka","ONE, Good",-0- \n', '99,11,"aka","NOBODY",-0- \n'];
    const { version, entries } = await readOfacSdnCsv({ sdn: [sdn.join("")], alt: [alt.join("")] });
    expect(entries.map((e) => e.entryId)).toEqual(["1", "3"]);
    expect(entries[0]?.names).toHaveLength(2);
    expect(version.parseErrors.map((e) => e.at)).toEqual(["sdn.csv:2", "alt.csv:2"]);
  });

  it("keeps the XML records read before a malformed part and reports where it stopped", async () => {
    const xml = `<?xml version="1.0"?><CONSOLIDATED_LIST dateGenerated="2026-01-01T00:00:00Z"><INDIVIDUALS>
      <INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>ONE</FIRST_NAME><SECOND_NAME>PERSON</SECOND_NAME><REFERENCE_NUMBER>X.1</REFERENCE_NUMBER></INDIVIDUAL>
      <INDIVIDUAL><DATAID>2</DATAID><FIRST_NAME></FIRST_NAME><REFERENCE_NUMBER>X.2</REFERENCE_NUMBER></INDIVIDUAL>
      <INDIVIDUAL><DATAID>3</DATAID><FIRST_NAME>BROKEN</FIRST_NAME></WRONG>`;
    // Split mid-element: the reader takes chunks as a stream gives them.
    const { version, entries } = await readUnConsolidated([xml.slice(0, 101), xml.slice(101)]);
    expect(entries.map((e) => e.entryId)).toEqual(["X.1"]);
    expect(version.parseErrors[0]).toEqual({ at: "X.2", message: "entry has no name" });
    expect(version.parseErrors[1]?.at).toBe("document");
  });
});

describe("remarks", () => {
  it("finds dates of birth, nationality and documents in OFAC remarks", () => {
    const r = parseRemarks(
      "DOB 10 Jan 1960; alt. DOB circa 1962; DOB 1970 to 1972; POB Baghdad, Iraq; nationality Korea, North; Passport A123456 (Iraq); Gender Male.",
    );
    expect(r.datesOfBirth).toEqual([
      { type: "exact", date: "1960-01-10" },
      { type: "approximate", date: "1962" },
      { type: "range", from: "1970", to: "1972" },
    ]);
    expect(r.nationalities).toEqual(["KP"]);
    expect(r.countries).toEqual(["IQ"]);
    expect(r.identifiers).toEqual([{ type: "Passport", value: "A123456", country: "IQ" }]);
  });
});
