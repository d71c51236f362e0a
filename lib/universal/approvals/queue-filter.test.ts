import { describe, expect, it } from "vitest";
import { filterQueue, type QueueItem, queueCurrencies } from "./queue-filter";

const item = (
  id: string,
  {
    sender = "Alex Rivera",
    currency = "USD",
    memo,
  }: { sender?: string; currency?: string; memo?: string } = {},
): QueueItem => ({
  transaction: {
    id: `Transaction:${id}`,
    customerId: `Customer:c-${id}`,
    platformCustomerId: `user-${id}`,
    description: memo,
    receivedAmount: { currency: { code: currency } },
  },
  counterpartyInformation: { FULL_NAME: sender, EMAIL: `${id}@example.com`, ADDRESS: { line1: "x" } },
});

const queue = [
  item("1", { sender: "Inés Navarro", currency: "EUR", memo: "Rent for May" }),
  item("2", { sender: "Alex Rivera", currency: "USD" }),
  item("3", { sender: "Alex Chen", currency: "MXN", memo: "Invoice 77" }),
];
const ids = (items: QueueItem[]) => items.map((entry) => entry.transaction.id.slice("Transaction:".length));

describe("filterQueue", () => {
  it("keeps everything, in order, when nothing is set", () => {
    expect(ids(filterQueue(queue, {}))).toEqual(["1", "2", "3"]);
    expect(ids(filterQueue(queue, { text: "  ", currency: null }))).toEqual(["1", "2", "3"]);
  });

  it("finds every word, in any case and without accents, across sender, recipient, memo and ids", () => {
    expect(ids(filterQueue(queue, { text: "ines" }))).toEqual(["1"]);
    expect(ids(filterQueue(queue, { text: "ALEX" }))).toEqual(["2", "3"]);
    expect(ids(filterQueue(queue, { text: "alex invoice" }))).toEqual(["3"]);
    expect(ids(filterQueue(queue, { text: "user-2" }))).toEqual(["2"]);
    expect(ids(filterQueue(queue, { text: "Customer:c-3" }))).toEqual(["3"]);
    expect(ids(filterQueue(queue, { text: "Transaction:1" }))).toEqual(["1"]);
    expect(ids(filterQueue(queue, { text: "2@example.com" }))).toEqual(["2"]);
    expect(ids(filterQueue(queue, { text: "alex rent" }))).toEqual([]);
  });

  it("does not match inside values that are not text", () => {
    expect(ids(filterQueue(queue, { text: "line1" }))).toEqual([]);
  });

  it("narrows by received currency, together with the words", () => {
    expect(ids(filterQueue(queue, { currency: "EUR" }))).toEqual(["1"]);
    expect(ids(filterQueue(queue, { currency: "EUR", text: "alex" }))).toEqual([]);
    expect(ids(filterQueue(queue, { currency: "MXN", text: "alex" }))).toEqual(["3"]);
  });
});

describe("queueCurrencies", () => {
  it("lists each received currency once, in code order", () => {
    expect(queueCurrencies([...queue, item("4", { currency: "EUR" })])).toEqual(["EUR", "MXN", "USD"]);
  });
});
