import { describe, expect, it } from "vitest";
import type { Transaction } from "../../../shared/contract";
import type { NamedRecord } from "../names/labels";
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

const names: Record<string, NamedRecord> = {
  "Customer:1": {
    kind: "customer",
    name: "José Álvarez, Jr.",
    customerId: "Customer:1",
    platformCustomerId: "user-1001",
    deleted: false,
  },
  "InternalAccount:dst": { kind: "platform-account", name: "Platform MXN account" },
};

/** The cells of one line as a spreadsheet reads them: quoted cells unquoted, their doubled quotes single. */
const cellsOf = (line: string) => {
  const cells = [...line.trimEnd().matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
    .map((match) => match[1] ?? "")
    .slice(0, TRANSACTION_CSV_COLUMNS.length)
    .map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell));
  return (column: (typeof TRANSACTION_CSV_COLUMNS)[number]) => cells[TRANSACTION_CSV_COLUMNS.indexOf(column)];
};

describe("transactionCsvLine", () => {
  it("writes one line per transaction with exact amounts in major units, naming both sides as the list does", () => {
    const line = transactionCsvLine(outgoing, names);
    expect(line.endsWith("\r\n")).toBe(true);
    expect(line).toBe(
      `${[
        "Transaction:abc",
        "2025-03-10T12:00:00.000Z",
        "COMPLETED",
        "OUTGOING",
        "Customer:1",
        "user-1001",
        '"José Álvarez, Jr."',
        "InternalAccount:src",
        "InternalAccount:dst",
        "Platform MXN account",
        "10000000000000.01",
        "USD",
        "1716.55",
        "MXN",
        "0.05813953488",
        "0.40",
        "TXN-123",
        '"Rent, ""March"""',
        "",
        "",
        "",
        "2025-03-10T12:00:01.000Z",
        "Quote:q1",
      ].join(",")}\r\n`,
    );
  });

  it("counts no fees for an outgoing payment that sent nothing, keeping what it was to send", () => {
    for (const status of ["FAILED", "REJECTED", "EXPIRED"] as const) {
      const cell = cellsOf(
        transactionCsvLine({ ...outgoing, status, failureReason: "QUOTE_EXECUTION_FAILED" }),
      );
      expect(cell("fees")).toBe("0.00");
      expect(cell("sent_amount")).toBe("10000000000000.01");
    }
    expect(cellsOf(transactionCsvLine(outgoing))("fees")).toBe("0.40");
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
    const cell = cellsOf(line);
    expect(cell("platform_customer_id")).toBe("'=cmd");
    expect(cell("received_currency")).toBe("EUR");
    expect(cell("sent_amount")).toBe("");
    // Names not found (none were given) leave their cells empty beside the ids, never an id in a name's place.
    expect(cell("customer_name")).toBe("");
    expect(cell("counterparty_name")).toBe("");
  });

  it("names the counterparty of money received by the name its side shared, as given (masked by the caller)", () => {
    const incoming: Transaction = {
      id: "Transaction:in",
      status: "PENDING",
      type: "INCOMING",
      customerId: "Customer:1",
      platformCustomerId: "user-1001",
      source: { sourceType: "UMA_ADDRESS", umaAddress: "$ada@other.example", currency: "EUR" },
      destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:x", currency: "EUR" },
      counterpartyInformation: { FULL_NAME: "A••• L•••" },
    } as Transaction;
    const cell = cellsOf(transactionCsvLine(incoming, names));
    expect(cell("source")).toBe("$ada@other.example");
    expect(cell("counterparty_name")).toBe("A••• L•••");
    expect(cell("customer_name")).toBe("José Álvarez, Jr.");
  });

  it("gives the reason a payment was rejected with, and why a transfer failed", () => {
    const rejected = {
      ...outgoing,
      status: "REJECTED",
      rejectionReason: "Sender could not explain the funds",
    };
    expect(cellsOf(transactionCsvLine(rejected as Transaction, names))("rejection_reason")).toBe(
      "Sender could not explain the funds",
    );
    const failed = {
      ...outgoing,
      status: "FAILED",
      failureReason: "TIMEOUT",
      failureDetail: "Account closed",
    };
    const cell = cellsOf(transactionCsvLine(failed as Transaction, names));
    expect(cell("failure_reason")).toBe("TIMEOUT");
    expect(cell("failure_detail")).toBe("Account closed");
  });

  it("says Platform for a transaction of the platform's own, as the list does", () => {
    const platforms = { ...outgoing, customerId: "", platformCustomerId: "" };
    expect(cellsOf(transactionCsvLine(platforms, names))("customer_name")).toBe("Platform");
  });

  it("defuses a name a spreadsheet would run as a formula", () => {
    const hostile: Record<string, NamedRecord> = {
      ...names,
      "Customer:1": { ...(names["Customer:1"] as NamedRecord & { kind: "customer" }), name: "=HYPERLINK(1)" },
      "InternalAccount:dst": { kind: "platform-account", name: "@SUM(A1)" },
    };
    const incoming = {
      ...outgoing,
      type: "INCOMING",
      source: { sourceType: "UMA_ADDRESS", umaAddress: "$x@y.example", currency: "USD" },
      counterpartyInformation: { FULL_NAME: "+1 cmd" },
    } as Transaction;
    expect(cellsOf(transactionCsvLine(outgoing, hostile))("customer_name")).toBe("'=HYPERLINK(1)");
    expect(cellsOf(transactionCsvLine(outgoing, hostile))("counterparty_name")).toBe("'@SUM(A1)");
    expect(cellsOf(transactionCsvLine(incoming, hostile))("counterparty_name")).toBe("'+1 cmd");
  });

  it("has a header naming every column", () => {
    expect(TRANSACTION_CSV_HEADER.trimEnd().split(",")).toEqual([...TRANSACTION_CSV_COLUMNS]);
  });
});
