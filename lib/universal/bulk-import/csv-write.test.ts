import { describe, expect, it } from "vitest";
import { readCsv } from "./csv-read";
import { writeCsv } from "./csv-write";

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

  it("defuses the fullwidth and small forms a spreadsheet folds into a formula's first character", () => {
    // An import's error report quotes the row's platform customer id as the service echoed it.
    expect(writeCsv([['＝HYPERLINK("http://x")', "﹢cmd", "＠SUM(1)", "－1"]], { guardFormulas: true })).toBe(
      `"'＝HYPERLINK(""http://x"")",'﹢cmd,'＠SUM(1),'－1\r\n`,
    );
  });
});
