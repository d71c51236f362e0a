import { describe, expect, it } from "vitest";
import {
  columnsParam,
  columnVisibility,
  normaliseViewQuery,
  parseColumns,
  viewHref,
  viewMatches,
  viewQuery,
} from "./view-url";

const IDS = ["createdAt", "id", "type", "status", "customer", "counterparty", "amount"];
const KEYS = ["status", "type", "amountCurrency", "minAmount", "maxAmount", "isIncludingDeleted"];

describe("a view's filters", () => {
  it("keeps set values only, keys in order, a switched-on filter as true", () => {
    expect(
      viewQuery({ status: "COMPLETED", amountCurrency: "USD", minAmount: "100", type: null, reference: "" }),
    ).toBe("amountCurrency=USD&minAmount=100&status=COMPLETED");
    expect(viewQuery({ isIncludingDeleted: true, umaAddress: "$a@b.test" })).toBe(
      "isIncludingDeleted=true&umaAddress=%24a%40b.test",
    );
    expect(viewQuery({})).toBe("");
  });

  it("normalises a query string: no columns, no cursor, no empty value, one value a key, keys in order", () => {
    expect(
      normaliseViewQuery("?status=PENDING&cursor=abc&prev=x&columns=id,amount&amountCurrency=USD&type="),
    ).toBe("amountCurrency=USD&status=PENDING");
    expect(normaliseViewQuery("status=PENDING&status=FAILED")).toBe("status=PENDING");
    expect(normaliseViewQuery("status=PENDING&quote=Quote:1", KEYS)).toBe("status=PENDING");
  });
});

describe("the columns parameter", () => {
  it("reads the visible columns in the table's order, ignoring unknown ids", () => {
    expect(parseColumns("amount,id,status,nope", IDS)).toEqual(["id", "status", "amount"]);
  });

  it("means the defaults when absent, empty, naming no column of the table, or naming all of them", () => {
    expect(parseColumns(null, IDS)).toBeNull();
    expect(parseColumns("", IDS)).toBeNull();
    expect(parseColumns("nope,also-not", IDS)).toBeNull();
    expect(parseColumns(IDS.join(","), IDS)).toBeNull();
  });

  it("is written only when some column is hidden", () => {
    expect(columnsParam(["amount", "id"], IDS)).toBe("id,amount");
    expect(columnsParam(IDS, IDS)).toBeNull();
    expect(columnsParam([], IDS)).toBeNull();
  });

  it("becomes react-table's visibility state: the others hidden, nothing for the defaults", () => {
    expect(columnVisibility(null, IDS)).toEqual({});
    expect(columnVisibility(["id", "amount"], ["createdAt", "id", "amount"])).toEqual({
      createdAt: false,
      id: true,
      amount: true,
    });
  });
});

describe("a view's link and whether the list shows it", () => {
  const bigUsd = { query: "amountCurrency=USD&minAmount=1000", columns: ["id", "status", "amount"] };

  it("is the list's address with its filters and columns", () => {
    expect(viewHref("transactions", bigUsd)).toBe(
      "/transactions?amountCurrency=USD&minAmount=1000&columns=id,status,amount",
    );
    expect(viewHref("customers", { query: "", columns: null })).toBe("/customers");
    expect(viewHref("quotes", { query: "status=PENDING", columns: null })).toBe("/quotes?status=PENDING");
  });

  it("matches the same filters in any order and the same columns, nothing less or more", () => {
    const options = { columnIds: IDS, keys: KEYS };
    expect(
      viewMatches(
        bigUsd,
        { query: "minAmount=1000&amountCurrency=USD", columns: ["amount", "id", "status"] },
        options,
      ),
    ).toBe(true);
    expect(viewMatches(bigUsd, { query: "amountCurrency=USD&minAmount=1000", columns: null }, options)).toBe(
      false,
    );
    expect(
      viewMatches(bigUsd, { query: "amountCurrency=USD", columns: ["id", "status", "amount"] }, options),
    ).toBe(false);
    // Every column named is the same as the defaults.
    expect(viewMatches({ query: "", columns: IDS }, { query: "", columns: null }, options)).toBe(true);
  });
});
