import { formatCount } from "../intl/count";

/** The navigation's mark beside Approvals: how many incoming payments wait for a person's decision. */
export type WaitingBadge = {
  /** What the badge shows: "3", "99+", or "2+" when the API does not count. */
  text: string;
  /** What a screen reader hears after the link's name: "3 waiting", "5,000 waiting" (the count beyond 99 too). */
  spoken: string;
};

/** Beyond this the badge stops counting: the queue says the rest. */
const SHOWN_UP_TO = 99;

/**
 * The badge for one page of `GET /transactions?type=INCOMING&status=PENDING&limit=1`: the list's `totalCount` when
 * the API gives it (optional in the specification, and left out beyond a bound by the local service), else only
 * whether anything waits. Nothing waiting shows no badge.
 */
export function waitingBadge(page: {
  data: readonly unknown[];
  hasMore: boolean;
  totalCount?: number;
}): WaitingBadge | null {
  const count = page.totalCount;
  if (count === undefined) {
    if (page.data.length === 0) return null;
    // One item was asked for: with more behind it, at least two wait.
    const known = page.data.length + (page.hasMore ? 1 : 0);
    return page.hasMore
      ? { text: `${known}+`, spoken: `at least ${known} waiting` }
      : { text: String(known), spoken: `${known} waiting` };
  }
  if (count <= 0) return null;
  // The mark stops at 99+ (it has room for three characters); the link's name says how many: "5,000 waiting".
  if (count > SHOWN_UP_TO) return { text: `${SHOWN_UP_TO}+`, spoken: `${formatCount(count)} waiting` };
  return { text: String(count), spoken: `${count} waiting` };
}
