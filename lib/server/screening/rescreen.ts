import "server-only";
import { asc, desc, sql } from "drizzle-orm";
import type { Environment } from "../../universal/auth/permissions";
import type { RescreenProgress, ScreeningListHealth } from "../../universal/screening/records";
import type { ListEntry } from "../../universal/screening/types";
import { getConsoleDatabase } from "../db";
import { screeningResults } from "../db/schema";
import { runInEnvironment } from "../environments/current";
import { announce } from "../events/announce";
import { log } from "../log/logger";
import { pendingListReplacements } from "./list-replacement";
import { type ListsInUse, listHealth, onListsChange } from "./lists-in-use";
import { buildIndex, screen } from "./matcher";
import { recordOfRow, rescreenSubject } from "./screen-subject";

const BATCH = 500;

// Shared through globalThis: server.ts and Next.js's route bundles are separate module instances in one process.
const KEY = Symbol.for("console.screening.rescreen");
type Holder = { progress?: RescreenProgress; queue?: Promise<void> };
const holder = (): Holder => {
  const g = globalThis as unknown as Record<symbol, Holder | undefined>;
  g[KEY] ??= {};
  return g[KEY];
};

/** The latest re-screening after a list change in this process (shown in the Screening page's list health). */
export const rescreenProgress = (): RescreenProgress | null => holder().progress ?? null;

/** The latest screening of every stored subject after `after`, in (environment, type, id) order. */
async function nextSubjects(after: { environment: string; type: string; id: string } | null) {
  return getConsoleDatabase()
    .selectDistinctOn([
      screeningResults.environment,
      screeningResults.subjectType,
      screeningResults.subjectId,
    ])
    .from(screeningResults)
    .where(
      after
        ? sql`(${screeningResults.environment}, ${screeningResults.subjectType}, ${screeningResults.subjectId}) > (${after.environment}, ${after.type}, ${after.id})`
        : undefined,
    )
    .orderBy(
      asc(screeningResults.environment),
      asc(screeningResults.subjectType),
      asc(screeningResults.subjectId),
      desc(screeningResults.screenedAt),
    )
    .limit(BATCH);
}

async function countSubjects(): Promise<number> {
  const [row] = await getConsoleDatabase()
    .select({
      count: sql<number>`count(DISTINCT (${screeningResults.environment}, ${screeningResults.subjectType}, ${screeningResults.subjectId}))::int`,
    })
    .from(screeningResults);
  return row?.count ?? 0;
}

/**
 * Every stored subject screened again against the changed entries only (a small index of them: cheap for the many
 * who match none); a subject one of them alerts on is screened again in full against `lists` and stored when that
 * raises a potential match it did not have (rescreenSubject), which the alerts queue then shows. Confirmed
 * matches stay as they are. Progress in `rescreenProgress()`.
 */
async function rescreen(changed: ListEntry[], lists: ListsInUse): Promise<void> {
  const versions = lists.index.versions.filter((version) =>
    changed.some((entry) => entry.listId === version.listId),
  );
  const changedIndex = buildIndex(
    versions.map((version) => ({
      version,
      entries: changed.filter((entry) => entry.listId === version.listId),
    })),
  );
  const progress: RescreenProgress = {
    lists: versions.map((version) => version.listId),
    changedEntries: changed.length,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    subjects: { total: 0, done: 0 },
    newAlerts: 0,
    failure: null,
  };
  holder().progress = progress;
  try {
    progress.subjects.total = await countSubjects();
    let after: { environment: string; type: string; id: string } | null = null;
    for (;;) {
      const rows = await nextSubjects(after);
      if (rows.length === 0) break;
      for (const row of rows) {
        const previous = recordOfRow(row);
        const alerts =
          previous.status !== "confirmed" &&
          previous.query &&
          screen(changedIndex, previous.query).hits.some((hit) => hit.alert);
        if (alerts) {
          const stored = await runInEnvironment(row.environment as Environment, () =>
            rescreenSubject(previous, lists),
          );
          if (stored) progress.newAlerts += 1;
        }
        progress.subjects.done += 1;
      }
      const last = rows[rows.length - 1];
      if (!last) break;
      after = { environment: last.environment, type: last.subjectType, id: last.subjectId };
      if (rows.length < BATCH) break;
    }
  } catch (error) {
    progress.failure =
      "The stored subjects could not all be screened again; the next list change tries again.";
    log.error("screening", "re-screening after a list change failed", { error });
  } finally {
    progress.finishedAt = new Date().toISOString();
    log.info("screening", "re-screened stored subjects after a list change", {
      lists: progress.lists.join(", "),
      entries: progress.changedEntries,
      subjects: progress.subjects.done,
      newAlerts: progress.newAlerts,
    });
    // Every open Screening page, queue and subject's page reads the alerts it raised, whoever made the change and
    // however short it was (a page polls the progress only while it sees one running).
    await announce({ kind: "screening-rescreened" });
  }
}

/** Re-screens after `rescreen` ran before: a change arriving meanwhile waits for it. Answers when this one ends. */
function startRescreen(changed: ListEntry[], lists: ListsInUse): Promise<void> {
  const h = holder();
  const run = (h.queue ?? Promise.resolve()).then(() => rescreen(changed, lists));
  h.queue = run.catch(() => undefined);
  return run;
}

/** Settles when the re-screenings started so far have ended (for tests and an orderly stop). */
export const rescreenSettled = (): Promise<void> => holder().queue ?? Promise.resolve();

/** At console start: every list change from now on re-screens the stored subjects in the background. */
export function rescreenOnListChanges(): void {
  onListsChange((changed, lists) => void startRescreen(changed, lists));
}

/** The lists' versions and health, with the latest re-screening (GET /api/screening/lists). */
export async function screeningListHealth(): Promise<ScreeningListHealth> {
  const [health, replacements] = await Promise.all([listHealth(), pendingListReplacements()]);
  return { ...health, rescreen: rescreenProgress(), replacements };
}
