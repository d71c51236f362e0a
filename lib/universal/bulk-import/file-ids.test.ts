import { describe, expect, it } from "vitest";
import { writeCsv } from "./csv-write";
import { distinctIds, fileRowIds, repeatedRowIds } from "./file-ids";

describe("fileRowIds", () => {
  it("reads every row's platformCustomerId of the whole file, numbered as the service numbers rows", () => {
    const rows = Array.from({ length: 5_000 }, (_, index) => [`c-${index + 1}`, "BUSINESS"]);
    const text = writeCsv([["platformCustomerId", "customerType"], ...rows]);
    const { rows: ids, error } = fileRowIds(`${text}\r\n,\r\n  c-7 ,INDIVIDUAL\r\n`);
    expect(error).toBeUndefined();
    expect(ids).toHaveLength(5_001);
    expect(ids[0]).toEqual({ rowNumber: 1, id: "c-1" });
    expect(ids.at(-1)).toEqual({ rowNumber: 5_001, id: "c-7" });
  });

  it("reads the last column of that name, says where the file stops being CSV, and has '' for a row without id", () => {
    const result = fileRowIds(
      'customerType, platformCustomerId ,platformCustomerId\nB,x,a\nB,y\nB,z,"open\n',
    );
    expect(result.rows).toEqual([
      { rowNumber: 1, id: "a" },
      { rowNumber: 2, id: "" },
    ]);
    expect(result.error).toMatch(/never closed/);
  });
});

describe("repeatedRowIds and distinctIds", () => {
  const rows = [
    { rowNumber: 1, id: "b" },
    { rowNumber: 2, id: "a" },
    { rowNumber: 3, id: "" },
    { rowNumber: 4, id: "b" },
    { rowNumber: 5, id: "" },
    { rowNumber: 25, id: "a" },
  ];
  it("names each id several rows give, with those rows, ignoring rows without id", () => {
    expect(repeatedRowIds(rows)).toEqual([
      { id: "b", rowNumbers: [1, 4] },
      { id: "a", rowNumbers: [2, 25] },
    ]);
  });
  it("lists each id once, sorted", () => {
    expect(distinctIds(rows)).toEqual(["a", "b"]);
  });
});
