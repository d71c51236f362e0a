import { describe, expect, it } from "vitest";
import type { Transaction } from "../../../shared/contract";
import { TRANSACTION_CSV_COLUMNS, TRANSACTION_CSV_HEADER, transactionCsvLine } from "./csv";

const usd = { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 };
const mxn = { code: "MXN", name: "Mexican Peso", symbol: "MX$", decimals: 2 };

const outgoing: Transaction = {
  id: "Transaction:abc",
  status: "COMPLETED",
  type: "OUTGOING",
  customerId: "Customer:1",
  platformCustomerId: "user-1001",
  source: { sourceType: "ACCOUNT", accountId: "InternalAccount:src", currency: "USD" },
  destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:dst", currency: "MXN" },
  sentAmount: { amount: 10_000_000_000_000_01, currency: usd },
  receivedAmount: { amount: 171_655, currency: mxn },
  exchangeRate: 0.05813953488,
  fees: 40,
  createdAt: "2025-03-10T12:00:00.000Z",
  settledAt: "2025-03-10T12:00:01.000Z",
  description: 'Rent, "March"',
  reconciliationInstructions: { reference: "TXN-123" },
  quoteId: "Quote:q1",
};

describe("transactionCsvLine", () => {
  it("writes one line per transaction with exact amounts in major units", () => {
    const line = transactionCsvLine(outgoing);
    expect(line.endsWith("\r\n")).toBe(true);
    expect(line).toBe(
      `${[
        "Transaction:abc",
        "2025-03-10T12:00:00.000Z",
        "COMPLETED",
        "OUTGOING",
        "Customer:1",
        "user-1001",
        "InternalAccount:src",
        "InternalAccount:dst",
        "10000000000000.01",
        "USD",
        "1716.55",
        "MXN",
        "0.05813953488",
        "0.40",
        "TXN-123",
        '"Rent, ""March"""',
        "",
        "2025-03-10T12:00:01.000Z",
        "Quote:q1",
      ].join(",")}\r\n`,
    );
  });

  it("leaves out what a transaction does not carry", () => {
    const line = transactionCsvLine({
      id: "Transaction:in",
      status: "PENDING",
      type: "INCOMING",
      customerId: "Customer:2",
      platformCustomerId: "=cmd",
      destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:x", currency: "EUR" },
    });
    const cells = line.trimEnd().split(",");
    expect(cells).toHaveLength(TRANSACTION_CSV_COLUMNS.length);
    expect(cells[5]).toBe("'=cmd");
    expect(cells[11]).toBe("EUR");
    expect(cells[8]).toBe("");
  });

  it("has a header naming every column", () => {
    expect(TRANSACTION_CSV_HEADER.trimEnd().split(",")).toEqual([...TRANSACTION_CSV_COLUMNS]);
  });
});
