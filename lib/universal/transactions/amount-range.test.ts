import { describe, expect, it } from "vitest";
import type { Quote, Transaction } from "../../../shared/contract";
import { parseAmountRange, quoteInRange, transactionInRange } from "./amount-range";
import { decodeScanCursor, encodeScanCursor } from "./scan-cursor";

const usd = { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 };
const mxn = { code: "MXN", name: "Mexican Peso", symbol: "MX$", decimals: 2 };

describe("parseAmountRange", () => {
  it("is no range when nothing is set", () => {
    expect(parseAmountRange({})).toEqual({ ok: true, range: null });
  });

  it("reads bounds in the currency's major units, exactly", () => {
    expect(parseAmountRange({ amountCurrency: "usd", minAmount: "10.29", maxAmount: "1,000" })).toEqual({
      ok: true,
      range: { currency: "USD", min: 1029, max: 100_000 },
    });
    expect(parseAmountRange({ amountCurrency: "JPY", minAmount: "500" })).toEqual({
      ok: true,
      range: { currency: "JPY", min: 500, max: undefined },
    });
    expect(parseAmountRange({ amountCurrency: "EUR" })).toEqual({
      ok: true,
      range: { currency: "EUR", min: undefined, max: undefined },
    });
  });

  it("names what is wrong: no currency, not an amount, too many decimals, bounds reversed", () => {
    expect(parseAmountRange({ minAmount: "10" })).toEqual({
      ok: false,
      errors: { amountCurrency: "Choose the currency the amounts are in" },
    });
    expect(parseAmountRange({ amountCurrency: "XYZ", minAmount: "1" })).toEqual({
      ok: false,
      errors: { amountCurrency: "Not a currency code" },
    });
    expect(parseAmountRange({ amountCurrency: "USD", minAmount: "ten" })).toMatchObject({
      ok: false,
      errors: { minAmount: "Enter a number like 1234.56" },
    });
    expect(parseAmountRange({ amountCurrency: "JPY", maxAmount: "1.5" })).toMatchObject({
      ok: false,
      errors: { maxAmount: "JPY has no decimal places; enter a whole number" },
    });
    expect(parseAmountRange({ amountCurrency: "USD", minAmount: "20", maxAmount: "10" })).toMatchObject({
      ok: false,
      errors: { maxAmount: "The upper bound is below the lower one; nothing can match" },
    });
    expect(parseAmountRange({ amountCurrency: "USD", minAmount: "-5" })).toMatchObject({
      ok: false,
      errors: { minAmount: "Cannot be negative" },
    });
  });
});

describe("what an amount range keeps", () => {
  const range = { currency: "USD", min: 1_000, max: 5_000 };
  const incoming = (amount: number, currency = usd) =>
    ({
      type: "INCOMING",
      receivedAmount: { amount, currency },
      sentAmount: { amount: amount * 17, currency: mxn },
    }) as unknown as Transaction;

  it("a transaction by its listed amount: what arrived for money received, what was sent for money sent", () => {
    expect(transactionInRange(range, incoming(1_000))).toBe(true);
    expect(transactionInRange(range, incoming(5_000))).toBe(true);
    expect(transactionInRange(range, incoming(5_001))).toBe(false);
    expect(transactionInRange(range, incoming(999))).toBe(false);
    // 2,000 MXN received is not 2,000 USD, whatever was sent.
    expect(transactionInRange(range, incoming(2_000, mxn))).toBe(false);
    const outgoing = {
      type: "OUTGOING",
      sentAmount: { amount: 2_000, currency: usd },
      receivedAmount: { amount: 34_000, currency: mxn },
    } as unknown as Transaction;
    expect(transactionInRange(range, outgoing)).toBe(true);
    expect(transactionInRange({ currency: "MXN", min: 30_000 }, outgoing)).toBe(false);
    expect(transactionInRange(range, { type: "OUTGOING" } as unknown as Transaction)).toBe(false);
  });

  it("a quote by what it sends", () => {
    const quote = { totalSendingAmount: 4_000, sendingCurrency: usd } as unknown as Quote;
    expect(quoteInRange(range, quote)).toBe(true);
    expect(quoteInRange({ currency: "USD", max: 3_999 }, quote)).toBe(false);
    expect(quoteInRange({ currency: "MXN" }, quote)).toBe(false);
  });
});

describe("the scan's cursor", () => {
  it("round-trips a position and refuses anything else", () => {
    const position = { cursor: "abc", skip: 40 };
    expect(decodeScanCursor(encodeScanCursor(position))).toEqual(position);
    expect(decodeScanCursor(encodeScanCursor({ cursor: null, skip: 0 }))).toEqual({ cursor: null, skip: 0 });
    expect(decodeScanCursor("not-a-cursor")).toBeNull();
    expect(decodeScanCursor(Buffer.from('{"c":"x","s":-1}').toString("base64url"))).toBeNull();
    expect(decodeScanCursor(Buffer.from('{"c":5,"s":1}').toString("base64url"))).toBeNull();
  });
});
