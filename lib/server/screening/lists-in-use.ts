import "server-only";
import { createHash } from "node:crypto";
import path from "node:path";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { projectRoot } from "../../../shared/project-root";
import type { ScreeningListHealth } from "../../universal/screening/records";
import type { ListEntry, ListLoad } from "../../universal/screening/types";
import { getConsoleDatabase } from "../db";
import { screeningListVersions } from "../db/schema";
import { env } from "../env";
import { log } from "../log/logger";
import { loadListsFromDirs } from "./load";
import { buildIndex, type ScreeningIndex } from "./matcher";

/** The lists in use: their index, and each list's version as stored (the id the results name). */
export interface ListsInUse {
  index: ScreeningIndex;
  loadedAt: Date;
}

// Shared through globalThis: server.ts and Next.js's route bundles are separate module instances in one process.
const KEY = Symbol.for("console.screening.lists");
/** Told of the entries a new load added or changed, with the lists about to be in use (rescreen.ts listens). */
type ListsChangeListener = (changed: ListEntry[], lists: ListsInUse) => void;
type Holder = { current?: Promise<ListsInUse>; timer?: NodeJS.Timeout; listeners?: Set<ListsChangeListener> };
const holder = (): Holder => {
  const g = globalThis as unknown as Record<symbol, Holder | undefined>;
  g[KEY] ??= {};
  return g[KEY];
};

const listsDir = () =>
  env().SCREENING_LISTS_DIR ?? path.join(projectRoot(import.meta.url), "data", "screening", "lists");

/** Where lists admins upload from the console are kept (the launcher's data folder); unset, uploads are refused. */
export const uploadsDir = (): string | undefined => env().SCREENING_UPLOADS_DIR;

/** A load is used only when it read entries without errors; otherwise the version in use stays. */
const usable = (load: ListLoad) => load.entries.length > 0 && load.version.parseErrors.length === 0;

/**
 * Records each load as a version: new bytes become the version in use (the previous one superseded) when the load
 * is whole; the same bytes again only confirm the version current (`checked_at`); a failed or partial load is kept
 * as "failed" and replaces nothing. Answers the lists whose version in use was replaced by another.
 */
async function recordVersions(loads: ListLoad[]): Promise<Set<string>> {
  const db = getConsoleDatabase();
  const replaced = new Set<string>();
  for (const load of loads) {
    const v = load.version;
    const ok = usable(load);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(screeningListVersions)
        .values({
          listId: v.listId,
          source: v.source,
          issuedOn: v.issuedOn,
          contentHash: v.contentHash,
          counts: v.counts,
          parseErrors: v.parseErrors.slice(0, 100),
          status: ok ? "in-use" : "failed",
        })
        .onConflictDoUpdate({
          target: [screeningListVersions.listId, screeningListVersions.contentHash],
          set: {
            checkedAt: sql`now()`,
            status: sql`CASE WHEN ${ok} THEN 'in-use' ELSE ${screeningListVersions.status} END`,
          },
        })
        .returning({ id: screeningListVersions.id });
      if (ok && row) {
        const superseded = await tx
          .update(screeningListVersions)
          .set({ status: "superseded" })
          .where(
            and(
              eq(screeningListVersions.listId, v.listId),
              eq(screeningListVersions.status, "in-use"),
              ne(screeningListVersions.id, row.id),
            ),
          )
          .returning({ id: screeningListVersions.id });
        if (superseded.length > 0) replaced.add(v.listId);
      }
    });
  }
  return replaced;
}

/**
 * Records a load that did not read whole (a list source's fetched file, lib/server/screening/sources.ts) as a failed
 * version, as a failed load of the folder is: it replaces nothing. Answers the version's id.
 */
export async function recordFailedLoad(load: ListLoad): Promise<number | undefined> {
  await recordVersions([{ ...load, entries: [] }]);
  const [row] = await getConsoleDatabase()
    .select({ id: screeningListVersions.id })
    .from(screeningListVersions)
    .where(
      and(
        eq(screeningListVersions.listId, load.version.listId),
        eq(screeningListVersions.contentHash, load.version.contentHash),
      ),
    );
  return row?.id;
}

const entryKey = (entry: ListEntry) =>
  `${entry.listId}\u0000${entry.entryId}\u0000${createHash("sha256").update(JSON.stringify(entry)).digest("hex")}`;

/**
 * The entries of `next` that are new or read differently from `previous`. Without `previous` in hand (the first
 * load after a start), every entry of the lists whose version in use was replaced (`replaced`).
 */
function changedEntries(
  previous: ScreeningIndex | undefined,
  next: ScreeningIndex,
  replaced: ReadonlySet<string>,
): ListEntry[] {
  if (!previous) return next.entries.filter((entry) => replaced.has(entry.listId));
  const before = new Set(previous.entries.map(entryKey));
  return next.entries.filter((entry) => !before.has(entryKey(entry)));
}

/** Calls `listener` with the entries each new load adds or changes (once per listener, however often called). */
export function onListsChange(listener: ListsChangeListener): void {
  const h = holder();
  h.listeners ??= new Set();
  h.listeners.add(listener);
}

async function loadAll(previous?: ListsInUse): Promise<ListsInUse> {
  const started = performance.now();
  // An uploaded list stands before the shipped file of the same list.
  const uploads = uploadsDir();
  const loads = await loadListsFromDirs(uploads ? [uploads, listsDir()] : [listsDir()]);
  const replaced = await recordVersions(loads);
  const good = loads.filter(usable);
  // A list whose new load failed keeps its previous version's entries in the index.
  const kept =
    previous?.index.versions
      .filter((version) => !good.some((load) => load.version.listId === version.listId))
      .map((version) => ({
        version,
        entries: previous.index.entries.filter((entry) => entry.listId === version.listId),
      })) ?? [];
  const unchanged =
    previous &&
    kept.length === 0 &&
    good.length === previous.index.versions.length &&
    good.every((load) => previous.index.versions.some((v) => v.contentHash === load.version.contentHash));
  if (unchanged) return previous;
  const index = buildIndex([...good, ...kept]);
  log.info("screening", "lists loaded", {
    lists: index.versions.map((v) => `${v.listId} ${v.issuedOn ?? "(issue date not stated)"}`).join(", "),
    names: index.nameCount,
    ms: Math.round(performance.now() - started),
  });
  const lists = { index, loadedAt: new Date() };
  const changed = changedEntries(previous?.index, index, replaced);
  if (changed.length > 0) for (const listener of holder().listeners ?? []) listener(changed, lists);
  return lists;
}

/** The lists in use, loaded at the first call (the console starts it at boot: startScreeningLists). */
export function listsInUse(): Promise<ListsInUse> {
  const h = holder();
  if (!h.current) {
    h.current = loadAll();
    // A failed first load is tried again at the next call rather than remembered.
    h.current.catch((error) => {
      log.error("screening", "the lists could not be loaded", { error });
      h.current = undefined;
    });
  }
  return h.current;
}

/** Reads the lists' folder again: a new version of a list replaces the one in use; the same bytes confirm it. */
export async function refreshLists(): Promise<void> {
  const h = holder();
  const previous = h.current ? await h.current.catch(() => undefined) : undefined;
  const next = loadAll(previous);
  await next;
  h.current = next;
}

/**
 * At console start: load the lists now and read their folder again every SCREENING_REFRESH_MINUTES. Resolves when
 * the first load has settled (or after `waitMs`), so the console starts listening with its lists in hand: a webhook
 * arriving first would otherwise wait for them past the policies' time budget and be held for that alone.
 */
export async function startScreeningLists(waitMs = 30_000): Promise<void> {
  try {
    env();
  } catch {
    return;
  }
  const first = listsInUse().then(
    () => undefined,
    () => undefined,
  );
  const h = holder();
  if (!h.timer) {
    h.timer = setInterval(
      () =>
        void refreshLists().catch((error) =>
          log.error("screening", "refreshing the lists failed; the versions in use stay", { error }),
        ),
      env().SCREENING_REFRESH_MINUTES * 60_000,
    );
    h.timer.unref();
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([first, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}

type VersionRow = typeof screeningListVersions.$inferSelect;
type VersionHealth = Omit<ScreeningListHealth, "rescreen" | "replacements">["data"][number];

/** Past versions shown beside the ones in use; the versions in use are always all there. */
const PAST_VERSIONS_SHOWN = 200;

function versionHealth(row: VersionRow, staleBefore: number): VersionHealth {
  return {
    id: row.id,
    listId: row.listId,
    source: row.source,
    issuedOn: row.issuedOn,
    contentHash: row.contentHash,
    counts: row.counts,
    parseErrors: row.parseErrors,
    status: row.status,
    loadedAt: row.loadedAt.toISOString(),
    checkedAt: row.checkedAt.toISOString(),
    stale: row.status === "in-use" && row.checkedAt.getTime() < staleBefore,
  };
}

const staleBeforeOf = (now: Date) => now.getTime() - env().SCREENING_FRESHNESS_HOURS * 3_600_000;

/**
 * The version in use of every list (at most one each), read on its own: a decision that depends on what is in use
 * (is this list in use, is it stale) never reads a page of rows that many past versions could push it out of.
 */
async function versionsInUse(now = new Date()): Promise<VersionHealth[]> {
  const rows = await getConsoleDatabase()
    .select()
    .from(screeningListVersions)
    .where(eq(screeningListVersions.status, "in-use"))
    .orderBy(screeningListVersions.listId);
  const staleBefore = staleBeforeOf(now);
  return rows.map((row) => versionHealth(row, staleBefore));
}

/** The version of `listId` in use, if it has one. */
export async function versionInUseOf(listId: string): Promise<VersionHealth | undefined> {
  return (await versionsInUse()).find((v) => v.listId === listId);
}

/**
 * The stored versions for display, newest first per list, with whether the one in use is stale: every version in
 * use, and the newest past ones up to a bound.
 */
export async function listHealth(
  now = new Date(),
): Promise<Omit<ScreeningListHealth, "rescreen" | "replacements">> {
  const [inUse, past] = await Promise.all([
    versionsInUse(now),
    getConsoleDatabase()
      .select()
      .from(screeningListVersions)
      .where(ne(screeningListVersions.status, "in-use"))
      .orderBy(desc(screeningListVersions.loadedAt), desc(screeningListVersions.id))
      .limit(PAST_VERSIONS_SHOWN),
  ]);
  const staleBefore = staleBeforeOf(now);
  const data = [...inUse, ...past.map((row) => versionHealth(row, staleBefore))].sort(
    (a, b) => a.listId.localeCompare(b.listId) || b.loadedAt.localeCompare(a.loadedAt),
  );
  return { freshnessHours: env().SCREENING_FRESHNESS_HOURS, data };
}

/** The lists in use that are stale: a payment screened against one is held. */
export async function staleListsInUse(now = new Date()): Promise<string[]> {
  return (await versionsInUse(now)).filter((v) => v.stale).map((v) => v.listId);
}
