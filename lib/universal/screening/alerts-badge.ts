import type { WaitingBadge } from "../approvals/waiting-badge";
import { formatCount } from "../intl/count";

/** GET /api/screening/alerts/summary: how many subjects' latest screening is an open potential match or failed. */
export interface ScreeningAlertSummary {
  open: number;
}

/** Beyond this the badge stops counting: the Screening page says the rest. */
const SHOWN_UP_TO = 99;

/**
 * The navigation's mark beside Screening: "3", said "3 open alerts" after the link's name; none when nothing is
 * open. Shaped as the Approvals mark is, so the sidebar and the phone's navigation button show both alike.
 */
export function alertsBadge({ open }: ScreeningAlertSummary): WaitingBadge | null {
  if (open <= 0) return null;
  const spoken = `${formatCount(open)} open alert${open === 1 ? "" : "s"}`;
  return { text: open > SHOWN_UP_TO ? `${SHOWN_UP_TO}+` : String(open), spoken };
}
