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
