import { describe, expect, it } from "vitest";
import { readCsv, writeCsv } from "./csv";

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
});

describe("writeCsv", () => {
  it("quotes only what needs it and round-trips through readCsv", () => {
    const rows = [
      ["id", "note"],
      ["1", 'comma, "quote"\nnewline'],
      ["2", " padded "],
    ];
    const text = writeCsv(rows);
    expect(text).toBe('id,note\r\n1,"comma, ""quote""\nnewline"\r\n2," padded "\r\n');
    expect(readCsv(text).records).toEqual(rows);
  });

  it("defuses cells a spreadsheet would run as formulas when asked", () => {
    expect(writeCsv([["=HYPERLINK(1)", "+1", "ok"]], { guardFormulas: true })).toBe(
      "'=HYPERLINK(1),'+1,ok\r\n",
    );
  });
});
