import "server-only";
import type { Customer } from "../../../shared/contract";
import type { ApprovalBlock } from "../../universal/policies/backtest-compare";
import { screeningMatched } from "../../universal/screening/records";
import { queryOfCustomer } from "../screening/customer-query";
import { latestScreeningsOf, screeningStatusNow } from "../screening/screen-subject";
import { readRecipient } from "./fact-sources";

type RecipientHold = Extract<
  ApprovalBlock,
  "recipient-deleted" | "recipient-screening-match" | "recipient-screening-failed"
>;

/** Screenings are read this many customers at a time. */
const SCREENINGS_AT_ONCE = 1_000;

/**
 * The holds a live decision makes for a payment's recipient (lib/server/policies/decide.ts), as they would be made
 * now, for the backtest: the recipient deleted, else their latest screening an open or confirmed match, or failed. A
 * recipient never screened, whom a live decision screens from their record, is screened here too, from the same
 * record, but the screening is stored nowhere (screeningStatusNow): the backtest changes nothing. Screenings are read
 * for every recipient up front (one query per thousand); a recipient's record only when asked about a payment a
 * version would approve, and once (kept in `customers`, which the backtest also names receivers from). A record that
 * cannot be read makes no deletion hold, as live, and a never-screened recipient's a screening hold, as live.
 */
export async function recipientHolds(
  customerIds: readonly string[],
  customers: Map<string, Customer | null>,
): Promise<(customerId: string | undefined) => Promise<RecipientHold | null>> {
  const distinct = [...new Set(customerIds)];
  const held = new Map<string, "recipient-screening-match" | "recipient-screening-failed" | null>();
  for (let start = 0; start < distinct.length; start += SCREENINGS_AT_ONCE) {
    const latest = await latestScreeningsOf("customer", distinct.slice(start, start + SCREENINGS_AT_ONCE));
    for (const [id, record] of latest) {
      if (screeningMatched(record)) held.set(id, "recipient-screening-match");
      else held.set(id, record.status === "failed" ? "recipient-screening-failed" : null);
    }
  }
  /** A recipient never screened, screened now from their record (read by `deleted`) as a live decision would. */
  const screenedNow = async (id: string): Promise<RecipientHold | null> => {
    if (!customers.has(id)) return "recipient-screening-failed";
    const customer = customers.get(id);
    const query = customer ? queryOfCustomer(customer) : null;
    const status = query ? await screeningStatusNow(query) : "clear";
    const hold =
      status === "open"
        ? "recipient-screening-match"
        : status === "failed"
          ? "recipient-screening-failed"
          : null;
    held.set(id, hold);
    return hold;
  };
  const deleted = async (id: string): Promise<boolean> => {
    if (!customers.has(id)) {
      try {
        customers.set(id, await readRecipient(id));
      } catch {
        return false;
      }
    }
    return customers.get(id)?.isDeleted === true;
  };
  return async (customerId) => {
    if (!customerId) return null;
    if (await deleted(customerId)) return "recipient-deleted";
    return held.has(customerId) ? (held.get(customerId) ?? null) : await screenedNow(customerId);
  };
}
