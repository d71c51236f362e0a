import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { bulkCustomerCsvParseOptions } from "@/shared/contract/bulk-customer-columns";
import { readCsv } from "./csv-read";

describe("readCsv", () => {
  it("reads quoted cells with commas, doubled quotes and line breaks", () => {
    const result = readCsv('a,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n');
    expect(result.error).toBeUndefined();
    expect(result.records).toEqual([
      ["a", "b", "c"],
      ["x, y", 'say "hi"', "two\nlines"],
    ]);
    expect(result.lines).toEqual([1, 2]);
  });

  it("drops a byte order mark, skips empty lines and rows of empty cells, and reads a last line without a break", () => {
    const result = readCsv("\uFEFFa,b\n\n,\n1,2\n3,4");
    expect(result.records).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
    ]);
    expect(result.lines).toEqual([1, 4, 5]);
  });

  it("stops after maxRecords and says there is more", () => {
    const result = readCsv("h\n1\n2\n3\n", { maxRecords: 2 });
    expect(result.records).toEqual([["h"], ["1"]]);
    expect(result.stoppedEarly).toBe(true);
    expect(readCsv("h\n1\n", { maxRecords: 2 }).stoppedEarly).toBe(false);
  });

  it("drops the possibly cut last record of a prefix, even inside an open quote", () => {
    expect(readCsv("h\n1\n2", { partial: true }).records).toEqual([["h"], ["1"]]);
    const open = readCsv('h\n1\n"unfinished', { partial: true });
    expect(open.records).toEqual([["h"], ["1"]]);
    expect(open.error).toBeUndefined();
  });

  it("reports what the service's parser refuses: stray and unclosed quotes", () => {
    expect(readCsv('a\nab"c\n').error).toMatch(/Line 2: a quote inside an unquoted cell/);
    expect(readCsv('a\n"ab"c\n').error).toMatch(/Line 2: after a closing quote/);
    expect(readCsv('a\n"never closed\n').error).toMatch(/Line 2: a quoted cell is never closed/);
  });

  it("reads a file as the service's parser does, line endings and all", () => {
    const files = [
      // The first line break sets the record delimiter: a lone \r after it is part of a cell, as in the service.
      "a,b\n1,2\r\n3,4\n",
      "a,b\r\n1,2\r3,4\r\n",
      '\uFEFFa,b\r\n"x\r\ny",""\r\n,\r\n\r\n5,"6"',
      "a,b,c\n1\n2,3,4,5\n",
    ];
    for (const file of files) {
      expect(readCsv(file).records, JSON.stringify(file)).toEqual(
        parse(file, { ...bulkCustomerCsvParseOptions, encoding: "utf8" }),
      );
    }
  });
});
