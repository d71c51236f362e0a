import { describe, expect, it } from "vitest";
import type { Transaction } from "../../../shared/contract";
import { aggregateVolume, calendarDay, isValidTimeZone, lastDays, sumBalances } from "./volume";

const usd = { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 };
const eur = { code: "EUR", name: "Euro", symbol: "€", decimals: 2 };

function payment(partial: Partial<Transaction> & Pick<Transaction, "type" | "createdAt">): Transaction {
  return {
    id: `Transaction:${Math.random()}`,
    status: "COMPLETED",
    customerId: "Customer:1",
    platformCustomerId: "p1",
    destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:1" },
    ...partial,
  };
}

describe("calendar days", () => {
  it("names the day an instant falls on in the time zone", () => {
    const instant = new Date("2025-03-10T03:00:00Z");
    expect(calendarDay(instant, "UTC")).toBe("2025-03-10");
    expect(calendarDay(instant, "America/Mexico_City")).toBe("2025-03-09");
    expect(calendarDay(instant, "Asia/Kolkata")).toBe("2025-03-10");
  });

  it("lists the last days, oldest first, across month ends", () => {
    expect(lastDays(new Date("2025-03-02T12:00:00Z"), "UTC", 4)).toEqual([
      "2025-02-27",
      "2025-02-28",
      "2025-03-01",
      "2025-03-02",
    ]);
    expect(lastDays(new Date("2025-03-02T12:00:00Z"), "UTC", 30)).toHaveLength(30);
  });

  it("knows real time zones", () => {
    expect(isValidTimeZone("Europe/Berlin")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });
});

describe("aggregateVolume", () => {
  const days = ["2025-03-09", "2025-03-10"];

  it("sums completed money in and out per currency and day", () => {
    const volume = aggregateVolume(
      [
        payment({
          type: "INCOMING",
          createdAt: "2025-03-10T10:00:00Z",
          receivedAmount: { amount: 500, currency: usd },
        }),
        payment({
          type: "INCOMING",
          createdAt: "2025-03-10T11:00:00Z",
          receivedAmount: { amount: 250, currency: usd },
        }),
        payment({
          type: "OUTGOING",
          createdAt: "2025-03-09T11:00:00Z",
          sentAmount: { amount: 1_000, currency: usd },
        }),
        payment({
          type: "OUTGOING",
          createdAt: "2025-03-10T11:00:00Z",
          sentAmount: { amount: 70, currency: eur },
        }),
        payment({
          type: "OUTGOING",
          status: "FAILED",
          createdAt: "2025-03-10T11:00:00Z",
          sentAmount: { amount: 9_999, currency: usd },
        }),
        payment({
          type: "INCOMING",
          createdAt: "2025-02-01T11:00:00Z",
          receivedAmount: { amount: 1, currency: usd },
        }),
      ],
      days,
      "UTC",
    );
    expect(volume.map((entry) => entry.currency.code)).toEqual(["EUR", "USD"]);
    expect(volume[1]?.days).toEqual([
      { day: "2025-03-09", incoming: "0", outgoing: "1000", incomingCount: 0, outgoingCount: 1 },
      { day: "2025-03-10", incoming: "750", outgoing: "0", incomingCount: 2, outgoingCount: 0 },
    ]);
    expect(volume[0]?.days[1]).toMatchObject({ outgoing: "70", outgoingCount: 1 });
  });

  it("sums beyond the range of a float exactly", () => {
    const big = 9_000_000_000_000_000;
    const volume = aggregateVolume(
      [
        payment({
          type: "INCOMING",
          createdAt: "2025-03-10T10:00:00Z",
          receivedAmount: { amount: big, currency: usd },
        }),
        payment({
          type: "INCOMING",
          createdAt: "2025-03-10T10:00:00Z",
          receivedAmount: { amount: big + 1, currency: usd },
        }),
      ],
      days,
      "UTC",
    );
    expect(volume[0]?.days[1]?.incoming).toBe("18000000000000001");
  });

  it("places a payment on the day of the reader's time zone", () => {
    const volume = aggregateVolume(
      [
        payment({
          type: "INCOMING",
          createdAt: "2025-03-10T03:00:00Z",
          receivedAmount: { amount: 5, currency: usd },
        }),
      ],
      days,
      "America/Mexico_City",
    );
    expect(volume[0]?.days[0]?.incoming).toBe("5");
  });
});

describe("sumBalances", () => {
  it("adds balances per currency", () => {
    expect(
      sumBalances([
        { balance: { amount: 100, currency: usd } },
        { balance: { amount: 50, currency: eur } },
        { balance: { amount: 25, currency: usd } },
      ]),
    ).toEqual([
      { currency: eur, amount: "50", accounts: 1 },
      { currency: usd, amount: "125", accounts: 2 },
    ]);
  });

  it("names a currency's one account, and none of a currency held in several", () => {
    expect(
      sumBalances([
        { id: "InternalAccount:usd-1", balance: { amount: 100, currency: usd } },
        { id: "InternalAccount:eur-1", balance: { amount: 50, currency: eur } },
        { id: "InternalAccount:usd-2", balance: { amount: 25, currency: usd } },
      ]),
    ).toEqual([
      { currency: eur, amount: "50", accounts: 1, accountId: "InternalAccount:eur-1" },
      { currency: usd, amount: "125", accounts: 2 },
    ]);
  });
});
