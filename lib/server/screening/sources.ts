import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { ApiError } from "../../../shared/api-error";
import type { ConfigProposal } from "../../universal/config/proposal-types";
import type { ScreeningSources } from "../../universal/screening/records";
import {
  DEFAULT_SOURCE_INTERVAL_HOURS,
  locationKindOf,
  type ScreeningSourceBody,
  type ScreeningSourceView,
  type SourceChange,
  shownLocation,
} from "../../universal/screening/sources";
import { type AuditEntry, type AuditedAction, auditedAction } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { createProposal, decideProposal, markProposalApplied, proposalOf } from "../config/proposals";
import { getConsoleDatabase } from "../db";
import { configProposals, screeningListVersions, screeningSources } from "../db/schema";
import { announce } from "../events/announce";
import { newRequestId } from "../http/request-id";
import { log } from "../log/logger";
import { fetchSource, SOURCE_LIMITS, SourceFetchError } from "./fetch-source";
import { recordFailedLoad, refreshLists, uploadsDir, versionInUseOf } from "./lists-in-use";
import { readListFile, SINGLE_FILE_LISTS, type SingleFileList } from "./load";
import { OutsideSourcesFolder, pathInSourcesFolder, sourcesDir } from "./sources-folder";

type Who = Pick<AuditEntry, "requestId" | "clientRequestId"> & { user: ConsoleUser };
type Row = typeof configProposals.$inferSelect;
type SourceRow = typeof screeningSources.$inferSelect;

/** The graphile-worker task that fetches a source (lib/server/screening/source-jobs.ts runs it). */
export const REFRESH_TASK = "refresh_screening_source";
/** One pending job per source: queueing again moves it rather than adding another. */
export const sourceJobKey = (sourceId: string) => `screening-source:${sourceId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function activeSourceOf(listId: string): Promise<SourceRow | undefined> {
  const [row] = await getConsoleDatabase()
    .select()
    .from(screeningSources)
    .where(and(eq(screeningSources.listId, listId), eq(screeningSources.status, "active")));
  return row;
}

async function activeSource(id: string): Promise<SourceRow> {
  const [row] = UUID.test(id)
    ? await getConsoleDatabase()
        .select()
        .from(screeningSources)
        .where(and(eq(screeningSources.id, id), eq(screeningSources.status, "active")))
    : [];
  if (!row) throw new ApiError(404, "SOURCE_NOT_FOUND", "No such list source.");
  return row;
}

/** Queues the source's refresh at `runAt` (its one pending job moves there) and notes when it will run. */
async function queueSourceRefresh(sourceId: string, runAt: Date): Promise<void> {
  const db = getConsoleDatabase();
  await db.execute(
    sql`SELECT graphile_worker.add_job(${REFRESH_TASK}, json_build_object('sourceId', ${sourceId}::text),
          run_at => ${runAt.toISOString()}::timestamptz, job_key => ${sourceJobKey(sourceId)}, max_attempts => 1)`,
  );
  await db.update(screeningSources).set({ nextRefreshAt: runAt }).where(eq(screeningSources.id, sourceId));
}

/** A source change's audit entry as `who`: the list, where it is fetched from (without a password), how often. */
function sourceChangeEntry(
  who: Who,
  action: string,
  change: SourceChange,
  more: Record<string, unknown>,
): AuditedAction {
  return {
    actor: who.user,
    requestId: who.requestId,
    clientRequestId: who.clientRequestId,
    action,
    targetId: change.listId,
    summary: {
      list: change.listId,
      location: shownLocation(change.location),
      intervalHours: change.intervalHours,
      replaces: change.replaces,
      ...more,
    },
  };
}

/** Stores a source change for a second admin, audited as its proposer (attempt, then the outcome with the proposal). */
async function proposeChange(who: Who, change: SourceChange): Promise<ConfigProposal> {
  return auditedAction(
    sourceChangeEntry(
      who,
      change.action === "set" ? "screening.sources.propose" : "screening.sources.propose-removal",
      change,
      { fourEyes: "proposed" },
    ),
    async () =>
      proposalOf(
        await createProposal({
          kind: "screening-source",
          subject: change.listId,
          body: change as unknown as Record<string, unknown>,
          before: { source: change.replaces },
          diff: [],
          user: who.user,
          requestId: who.requestId,
        }),
      ),
    (proposal) => ({ summary: { proposalId: proposal.id } }),
  );
}

/**
 * POST /api/screening/sources: an admin names where a list is fetched from and how often. A source replaces its
 * list's contents at every refresh, so it is a proposal a second admin approves (one waits per list); the list's
 * current source, if any, is what it replaces. Audited as the proposal (proposeChange).
 */
export async function proposeSource(who: Who, body: ScreeningSourceBody): Promise<ConfigProposal> {
  const kind = locationKindOf(body.location);
  if (!kind) throw new ApiError(400, "INVALID_INPUT", "Give an absolute file path or an http(s) URL.");
  if (kind === "path") {
    // Only a file inside the sources folder (checked again at each fetch): never any file the console can read.
    await pathInSourcesFolder(body.location, sourcesDir()).catch((error: unknown) => {
      if (!(error instanceof OutsideSourcesFolder)) throw error;
      throw new ApiError(400, "INVALID_INPUT", error.message, {
        fields: [{ path: "location", message: error.message }],
      });
    });
  }
  const current = await activeSourceOf(body.listId);
  const proposal = await proposeChange(who, {
    action: "set",
    listId: body.listId,
    locationKind: kind,
    location: body.location,
    intervalHours: body.intervalHours ?? DEFAULT_SOURCE_INTERVAL_HOURS,
    replaces: current?.id ?? null,
  });
  await announceSources();
  return proposal;
}

/** Open Screening pages hear that the sources or the changes waiting for them moved (lib/server/events/announce.ts). */
const announceSources = () => announce({ kind: "screening-sources" });

/** DELETE /api/screening/sources/[sourceId]: removing a source is a proposal too (it switches a control off). */
export async function proposeSourceRemoval(who: Who, sourceId: string): Promise<ConfigProposal> {
  const source = await activeSource(sourceId);
  const proposal = await proposeChange(who, {
    action: "remove",
    listId: source.listId,
    locationKind: source.locationKind,
    location: source.location,
    intervalHours: source.intervalHours,
    replaces: source.id,
  });
  await announceSources();
  return proposal;
}

/**
 * A second admin approves a source change (lib/server/four-eyes/decide-proposal.ts, after the proposer was
 * refused): when the list's source is still the one the proposal was made against, the new source is active and
 * queued to run now (the old one's job removed), or the source is removed; otherwise the proposal is superseded.
 * Audited as the approver. From then on its refreshes apply without a second person: the source is what was agreed.
 */
export async function applySourceProposal(who: Who, proposal: Row): Promise<void> {
  const change = proposal.body as unknown as SourceChange;
  const current = await activeSourceOf(change.listId);
  if ((current?.id ?? null) !== change.replaces) {
    await decideProposal(proposal.id, "superseded", who.user, who.requestId);
    await announceSources();
    throw new ApiError(
      409,
      "STALE_PROPOSAL",
      "This list's source changed since this was proposed, so it was not applied and is now superseded. Propose it again against the source as it is.",
    );
  }
  await markProposalApplied(who, proposal.id);
  await auditedAction(
    sourceChangeEntry(
      who,
      change.action === "set" ? "screening.sources.set" : "screening.sources.remove",
      change,
      {
        fourEyes: "approved",
        proposalId: proposal.id,
        proposedBy: proposal.proposerEmail,
        proposalRequestId: proposal.proposalRequestId,
      },
    ),
    async () => {
      const db = getConsoleDatabase();
      const added = await db.transaction(async (tx) => {
        if (current) {
          await tx
            .update(screeningSources)
            .set({ status: "removed", nextRefreshAt: null })
            .where(eq(screeningSources.id, current.id));
          await tx.execute(sql`SELECT graphile_worker.remove_job(${sourceJobKey(current.id)})`);
        }
        if (change.action === "remove") return undefined;
        const [row] = await tx
          .insert(screeningSources)
          .values({
            listId: change.listId,
            locationKind: change.locationKind,
            location: change.location,
            intervalHours: change.intervalHours,
            createdBy: proposal.proposerEmail,
            approvedBy: who.user.email,
            proposalId: proposal.id,
          })
          .returning({ id: screeningSources.id });
        return row?.id;
      });
      if (added) await queueSourceRefresh(added, new Date());
      return added;
    },
    (id) => (id ? { summary: { sourceId: id } } : {}),
  );
  await announceSources();
}

/** A source proposal declined, withdrawn or superseded: open Screening pages drop it. */
export const sourceProposalClosed = announceSources;

/**
 * POST /api/screening/sources/[sourceId]/refresh: the source's refresh queued to run now, audited with the admin who
 * asked (the fetch itself is audited apart, by the console, as it runs).
 */
export async function refreshSourceNow(
  who: Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">,
  sourceId: string,
): Promise<ScreeningSources> {
  const source = await activeSource(sourceId);
  await auditedAction(
    {
      ...who,
      action: "screening.sources.refresh",
      targetId: source.listId,
      summary: { list: source.listId, sourceId: source.id, location: shownLocation(source.location) },
    },
    () => queueSourceRefresh(source.id, new Date()),
  );
  return screeningSourcesView();
}

/** The changes to sources waiting for a second admin, oldest first. */
async function pendingSourceProposals(): Promise<ScreeningSources["proposals"]> {
  const rows = await getConsoleDatabase()
    .select()
    .from(configProposals)
    .where(and(eq(configProposals.kind, "screening-source"), eq(configProposals.status, "proposed")))
    .orderBy(asc(configProposals.createdAt));
  return rows.flatMap((row) => {
    const proposal = proposalOf(row);
    return proposal.kind === "screening-source" ? [proposal] : [];
  });
}

const viewOf = (row: SourceRow): ScreeningSourceView => ({
  id: row.id,
  listId: row.listId,
  locationKind: row.locationKind,
  location: shownLocation(row.location),
  intervalHours: row.intervalHours,
  createdBy: row.createdBy,
  approvedBy: row.approvedBy,
  createdAt: row.createdAt.toISOString(),
  lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
  lastOutcome: row.lastOutcome,
  lastMessage: row.lastMessage,
  lastVersionId: row.lastVersionId,
  nextRefreshAt: row.nextRefreshAt?.toISOString() ?? null,
});

/** GET /api/screening/sources: the active sources by list, and the changes waiting for a second admin. */
export async function screeningSourcesView(): Promise<ScreeningSources> {
  const rows = await getConsoleDatabase()
    .select()
    .from(screeningSources)
    .where(eq(screeningSources.status, "active"))
    .orderBy(asc(screeningSources.listId));
  return { data: rows.map(viewOf), folder: sourcesDir() ?? null, proposals: await pendingSourceProposals() };
}

type Outcome = {
  outcome: "loaded" | "unchanged" | "failed";
  message: string;
  versionId?: number | undefined;
};

async function versionIdOf(listId: string, contentHash: string): Promise<number | undefined> {
  const [row] = await getConsoleDatabase()
    .select({ id: screeningListVersions.id })
    .from(screeningListVersions)
    .where(and(eq(screeningListVersions.listId, listId), eq(screeningListVersions.contentHash, contentHash)));
  return row?.id;
}

/**
 * One fetch of a source, loaded as an upload is: streamed to a temporary file in the uploads folder and read as its
 * list; a file that reads whole becomes the list's uploaded file and the lists are read again (new bytes a new
 * version in use, the same bytes confirm it current); one that does not is recorded as a failed version and
 * replaces nothing; a fetch that fails (not found, cut, too large, too slow) replaces nothing.
 */
async function fetchAndLoad(source: SourceRow, limits: typeof SOURCE_LIMITS): Promise<Outcome> {
  const dir = uploadsDir();
  if (!dir) return { outcome: "failed", message: "This console has no folder for uploaded lists." };
  const listId = source.listId as SingleFileList;
  const { file } = SINGLE_FILE_LISTS[listId];
  const temporary = join(dir, `.source-${randomUUID()}`);
  try {
    await mkdir(dir, { recursive: true });
    await fetchSource(source.location, temporary, limits, sourcesDir());
    const load = await readListFile(listId, temporary, file);
    if (load.entries.length === 0 || load.version.parseErrors.length > 0) {
      const versionId = await recordFailedLoad(load);
      const problems = load.version.parseErrors.slice(0, 3).map((error) => `${error.at}: ${error.message}`);
      return {
        outcome: "failed",
        message: `The file does not read as the list${problems.length ? ` (${problems.join("; ")})` : ": it holds no entries"}. Nothing was replaced.`,
        versionId,
      };
    }
    const before = await versionInUseOf(listId);
    await rename(temporary, join(dir, file));
    await refreshLists();
    const unchanged = before?.contentHash === load.version.contentHash;
    return {
      outcome: unchanged ? "unchanged" : "loaded",
      message: unchanged
        ? "The same file as the version in use: confirmed current."
        : `A new version in use: ${load.entries.length} entries.`,
      versionId: await versionIdOf(listId, load.version.contentHash),
    };
  } catch (error) {
    if (error instanceof SourceFetchError) return { outcome: "failed", message: error.message };
    log.error("screening", "a list source could not be loaded", { listId, error });
    return { outcome: "failed", message: "The fetched file could not be loaded. Nothing was replaced." };
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * The task `refresh_screening_source`: fetches an active source, records the outcome on it (audited, by the console),
 * and queues its next refresh `interval_hours` from now, whatever the outcome. A removed source is not fetched.
 */
export async function refreshSource(sourceId: string, limits = SOURCE_LIMITS): Promise<Outcome | undefined> {
  const db = getConsoleDatabase();
  const [source] = await db
    .select()
    .from(screeningSources)
    .where(and(eq(screeningSources.id, sourceId), eq(screeningSources.status, "active")));
  if (!source) return undefined;
  try {
    return await auditedAction(
      {
        actor: null,
        requestId: newRequestId(),
        action: "screening.sources.fetch",
        targetId: source.listId,
        summary: { list: source.listId, sourceId, location: shownLocation(source.location), by: "console" },
      },
      async () => {
        const result = await fetchAndLoad(source, limits);
        await db
          .update(screeningSources)
          .set({
            lastFetchedAt: new Date(),
            lastOutcome: result.outcome,
            lastMessage: result.message.slice(0, 500),
            lastVersionId: result.versionId ?? null,
          })
          .where(eq(screeningSources.id, sourceId));
        return result;
      },
      (result) => ({ summary: { outcome: result.outcome, versionId: result.versionId ?? null } }),
    );
  } finally {
    await queueSourceRefresh(sourceId, new Date(Date.now() + source.intervalHours * 3_600_000));
    await announceSources();
  }
}
