import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { ScreeningRecords } from "../../universal/screening/records";
import { getConsoleDatabase } from "../db";
import { screeningResults } from "../db/schema";
import { currentEnvironment } from "../environments/current";
import { recordOfRow } from "./screen-subject";

const MAX_ALERTS = 500;

/**
 * The alerts queue: each subject's latest screening while it is an open potential match (or failed), oldest first,
 * so the one waiting longest is triaged first.
 */
export async function openAlerts(): Promise<ScreeningRecords> {
  const db = getConsoleDatabase();
  const latest = db
    .selectDistinctOn([screeningResults.subjectType, screeningResults.subjectId])
    .from(screeningResults)
    .where(eq(screeningResults.environment, currentEnvironment()))
    .orderBy(
      screeningResults.subjectType,
      screeningResults.subjectId,
      sql`${screeningResults.screenedAt} DESC`,
    )
    .as("latest");
  const rows = await db
    .select()
    .from(latest)
    .where(and(sql`${latest.status} IN ('open', 'failed')`))
    .orderBy(asc(latest.screenedAt))
    .limit(MAX_ALERTS);
  return { data: rows.map((row) => recordOfRow(row as typeof screeningResults.$inferSelect)) };
}
