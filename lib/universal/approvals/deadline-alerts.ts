/** How long before a payment's deadline a person watching the queue wants to be told; 0 = never. */
export const ALERT_LEADS = [0, 60_000, 120_000, 300_000, 600_000] as const;
export type AlertLead = (typeof ALERT_LEADS)[number];
export const DEFAULT_ALERT_LEAD: AlertLead = 120_000;

export function isAlertLead(value: number): value is AlertLead {
  return (ALERT_LEADS as readonly number[]).includes(value);
}

export function alertLeadLabel(lead: AlertLead): string {
  return lead === 0 ? "Never" : `${lead / 60_000} minute${lead === 60_000 ? "" : "s"} before`;
}

export interface DeadlineItem {
  id: string;
  /** The API's deadline (ISO), or null where it states none: such a payment is never alerted. */
  deadline: string | null;
}

/**
 * The payments to alert about now: deadline within `lead` of `now` and not passed, not alerted before. `now` is on
 * the platform's clock, like the deadlines.
 */
export function dueAlerts<T extends DeadlineItem>(
  items: readonly T[],
  now: number,
  lead: AlertLead,
  alerted: ReadonlySet<string>,
): T[] {
  if (lead === 0) return [];
  return items.filter((item) => {
    if (!item.deadline || alerted.has(item.id)) return false;
    const left = Date.parse(item.deadline) - now;
    return Number.isFinite(left) && left > 0 && left <= lead;
  });
}

/** A payment of the queue as the alerts see it (PendingApproval's id and stated deadline). */
interface QueueEntry {
  transaction: { id: string };
  deadline: string | null;
}

/**
 * What the deadline alerts watch: the queue's soonest page (its first page, unnarrowed, soonest deadline first) and
 * the page shown, each payment once. Whatever page or order is shown, every payment among the soonest is watched:
 * a payment on a later page closes after all of them (0063: the queue is in deadline order across its pages).
 */
export function alertWatchList<T extends QueueEntry>(shown: readonly T[], soonestPage: readonly T[]): T[] {
  const ids = new Set(shown.map((item) => item.transaction.id));
  const more = soonestPage.filter((item) => !ids.has(item.transaction.id));
  return [...more, ...shown];
}

/**
 * Whether payments after the soonest page may close within `lead` too: more pages follow and the page's latest
 * stated deadline is already within it. Those later payments are alerted one by one as they come among the soonest
 * (decided or timed out ahead of them); until then the person is told that more are close, never silently not.
 */
export function closingBeyondSoonestPage(
  soonestPage: { data: readonly QueueEntry[]; nextCursor?: string | undefined } | undefined,
  now: number,
  lead: AlertLead,
): boolean {
  if (lead === 0 || !soonestPage?.nextCursor) return false;
  const stated = soonestPage.data
    .map((item) => (item.deadline ? Date.parse(item.deadline) : Number.NaN))
    .filter((deadline) => Number.isFinite(deadline));
  if (stated.length === 0) return false;
  return Math.max(...stated) - now <= lead;
}
