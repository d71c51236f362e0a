import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { ScreeningAlertSummary } from "../../universal/screening/alerts-badge";
import type { ScreeningRecords } from "../../universal/screening/records";
import { getConsoleDatabase } from "../db";
import { screeningResults } from "../db/schema";
import { currentEnvironment } from "../environments/current";
import { withPaymentEndings } from "./payment-endings";
import { recordOfRow, withConfirmationsSince } from "./screen-subject";

const MAX_ALERTS = 500;

/** Each subject's latest screening in this environment. */
function latestScreenings() {
  return getConsoleDatabase()
    .selectDistinctOn([screeningResults.subjectType, screeningResults.subjectId])
    .from(screeningResults)
    .where(eq(screeningResults.environment, currentEnvironment()))
    .orderBy(
      screeningResults.subjectType,
      screeningResults.subjectId,
      sql`${screeningResults.screenedAt} DESC`,
    )
    .as("latest");
}

/**
 * The alerts queue: each subject's latest screening while it is an open potential match (or failed), oldest first,
 * so the one waiting longest is triaged first.
 */
export async function openAlerts(): Promise<ScreeningRecords> {
  const latest = latestScreenings();
  const rows = await getConsoleDatabase()
    .select()
    .from(latest)
    .where(sql`${latest.status} IN ('open', 'failed')`)
    .orderBy(asc(latest.screenedAt))
    .limit(MAX_ALERTS);
  const stored = rows as (typeof screeningResults.$inferSelect)[];
  return { data: await withPaymentEndings(await withConfirmationsSince(stored, stored.map(recordOfRow))) };
}

/**
 * How many alerts the queue holds (every one, past the page's 500 too): the navigation's mark beside Screening, so an
 * alert nobody's page raised (a customer the sweep screened, a list update) is seen from any page.
 */
export async function openAlertCount(): Promise<ScreeningAlertSummary> {
  const latest = latestScreenings();
  const [row] = await getConsoleDatabase()
    .select({ open: sql<number>`count(*)::int` })
    .from(latest)
    .where(sql`${latest.status} IN ('open', 'failed')`);
  return { open: row?.open ?? 0 };
}
