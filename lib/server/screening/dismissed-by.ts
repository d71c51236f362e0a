import "server-only";
import { ApiError } from "../../../shared/api-error";
import type { ScreeningRecord } from "../../universal/screening/records";
import { requireRoleBefore } from "../team/role-since";
import { dismissalsFor, subjectKeyOf } from "./screen-subject";

/**
 * The dismissals a dismissed screening stands on: one per alerting match, by whom and when, read from the
 * dismissals table (the record of who decided, whatever the stored screening says), this screening's or remembered
 * from an earlier one of the same data.
 */
async function dismissalsBehind(record: Pick<ScreeningRecord, "hits" | "query">) {
  const dismissed = record.hits.filter((hit) => hit.alert && hit.dismissed);
  if (dismissed.length === 0) return [];
  const rows = await dismissalsFor(subjectKeyOf(record.query));
  return rows.filter((row) =>
    dismissed.some(
      (hit) => hit.listId === row.listId && hit.entryId === row.entryId && hit.entryHash === row.entryHash,
    ),
  );
}

/**
 * The officer who dismissed a watchlist match does not also release the money alone (decision 0090): a payment whose
 * sender's matches were dismissed is approved, and money goes to an account whose holder's were, only by someone
 * who dismissed none of them (409 DISMISSED_BY_YOU), and whose role predates the dismissals, so the one who
 * dismissed cannot make an account to do it (409 SECOND_PERSON_TOO_NEW). Does nothing unless the screening is
 * dismissed.
 */
export async function requireOtherThanDismisser(
  userId: string,
  record: Pick<ScreeningRecord, "status" | "hits" | "query">,
  refusal: string,
): Promise<void> {
  if (record.status !== "dismissed") return;
  const dismissals = await dismissalsBehind(record);
  if (dismissals.some((dismissal) => dismissal.byId === userId)) {
    throw new ApiError(409, "DISMISSED_BY_YOU", refusal);
  }
  if (dismissals.length === 0) return;
  const latest = Math.max(...dismissals.map((dismissal) => dismissal.at.getTime()));
  await requireRoleBefore(userId, new Date(latest), "dismissal of the watchlist match");
}
