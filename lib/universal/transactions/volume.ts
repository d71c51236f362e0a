import type { Currency, InternalAccount, Transaction } from "../../../shared/contract";
import { compareCodeUnits } from "../text/order";

/** True for a time zone name this runtime knows (`America/Mexico_City`, `UTC`). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (`YYYY-MM-DD`) an instant falls on in a time zone. */
export function calendarDay(date: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(date);
}

function shiftDay(day: string, days: number): string {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The last `count` calendar days in a time zone, oldest first, ending with today. */
export function lastDays(now: Date, timeZone: string, count: number): string[] {
  const today = calendarDay(now, timeZone);
  return Array.from({ length: count }, (_, index) => shiftDay(today, index - (count - 1)));
}

interface DayVolume {
  day: string;
  /** Minor units, as decimal strings: sums of many amounts can pass 2^53. */
  incoming: string;
  outgoing: string;
  incomingCount: number;
  outgoingCount: number;
}

export interface CurrencyVolume {
  currency: Currency;
  days: DayVolume[];
}

/**
 * Completed money in and out per currency and calendar day: incoming payments by what was received, outgoing by
 * what was sent (fees included), each on the day it was created. Other statuses move no money, or not yet.
 */
export function aggregateVolume(
  transactions: readonly Transaction[],
  days: readonly string[],
  timeZone: string,
): CurrencyVolume[] {
  const index = new Map(days.map((day, position) => [day, position]));
  const byCurrency = new Map<
    string,
    { currency: Currency; incoming: bigint[]; outgoing: bigint[]; inCount: number[]; outCount: number[] }
  >();
  for (const transaction of transactions) {
    if (transaction.status !== "COMPLETED" || !transaction.createdAt) continue;
    const amount = transaction.type === "INCOMING" ? transaction.receivedAmount : transaction.sentAmount;
    if (!amount) continue;
    const position = index.get(calendarDay(new Date(transaction.createdAt), timeZone));
    if (position === undefined) continue;
    let entry = byCurrency.get(amount.currency.code);
    if (!entry) {
      entry = {
        currency: amount.currency,
        incoming: days.map(() => 0n),
        outgoing: days.map(() => 0n),
        inCount: days.map(() => 0),
        outCount: days.map(() => 0),
      };
      byCurrency.set(amount.currency.code, entry);
    }
    if (transaction.type === "INCOMING") {
      entry.incoming[position] = (entry.incoming[position] ?? 0n) + BigInt(amount.amount);
      entry.inCount[position] = (entry.inCount[position] ?? 0) + 1;
    } else {
      entry.outgoing[position] = (entry.outgoing[position] ?? 0n) + BigInt(amount.amount);
      entry.outCount[position] = (entry.outCount[position] ?? 0) + 1;
    }
  }
  return [...byCurrency.values()]
    .sort((a, b) => compareCodeUnits(a.currency.code, b.currency.code))
    .map((entry) => ({
      currency: entry.currency,
      days: days.map((day, position) => ({
        day,
        incoming: String(entry.incoming[position] ?? 0n),
        outgoing: String(entry.outgoing[position] ?? 0n),
        incomingCount: entry.inCount[position] ?? 0,
        outgoingCount: entry.outCount[position] ?? 0,
      })),
    }));
}

export interface CurrencyBalance {
  currency: Currency;
  /** Minor units as a decimal string. */
  amount: string;
  accounts: number;
  /** The account's id when the currency has exactly one: its figure opens that account's payments. */
  accountId?: string;
}

/** Balances summed per currency, exactly. */
export function sumBalances(
  accounts: readonly (Pick<InternalAccount, "balance"> & { id?: string })[],
): CurrencyBalance[] {
  const totals = new Map<string, { currency: Currency; amount: bigint; ids: (string | undefined)[] }>();
  for (const { balance, id } of accounts) {
    const entry = totals.get(balance.currency.code) ?? { currency: balance.currency, amount: 0n, ids: [] };
    entry.amount += BigInt(balance.amount);
    entry.ids.push(id);
    totals.set(balance.currency.code, entry);
  }
  return [...totals.values()]
    .sort((a, b) => compareCodeUnits(a.currency.code, b.currency.code))
    .map(({ currency, amount, ids }) => {
      const [only] = ids;
      return {
        currency,
        amount: String(amount),
        accounts: ids.length,
        ...(ids.length === 1 && only !== undefined ? { accountId: only } : {}),
      };
    });
}
