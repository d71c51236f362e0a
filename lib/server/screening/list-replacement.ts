import "server-only";
import { createHash } from "node:crypto";
import { rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { ApiError } from "../../../shared/api-error";
import type { ConfigProposal } from "../../universal/config/proposal-types";
import type { ListReplacement } from "../../universal/screening/list-replacement";
import type { ScreeningListHealth } from "../../universal/screening/records";
import type { ListEntry, ListLoad } from "../../universal/screening/types";
import { type AuditEntry, auditedAction } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { createProposal, decideProposal, markProposalApplied, proposalOf } from "../config/proposals";
import { getConsoleDatabase } from "../db";
import { configProposals } from "../db/schema";
import { listsInUse, refreshLists, uploadsDir, versionInUseOf } from "./lists-in-use";
import { SINGLE_FILE_LISTS, type SingleFileList } from "./load";

type Who = Pick<AuditEntry, "requestId" | "clientRequestId"> & { user: ConsoleUser };
type Row = typeof configProposals.$inferSelect;

const hashOf = (entry: ListEntry) => createHash("sha256").update(JSON.stringify(entry)).digest("hex");

/** What a new file of a list does to its entries in use: how many it adds, removes and changes. */
function changesOf(before: readonly ListEntry[], after: readonly ListEntry[]): ListReplacement["changes"] {
  const old = new Map(before.map((entry) => [entry.entryId, hashOf(entry)]));
  const next = new Map(after.map((entry) => [entry.entryId, hashOf(entry)]));
  let added = 0;
  let changed = 0;
  for (const [id, hash] of next) {
    const was = old.get(id);
    if (was === undefined) added += 1;
    else if (was !== hash) changed += 1;
  }
  const removed = [...old.keys()].filter((id) => !next.has(id)).length;
  return { added, removed, changed };
}

/** The content hash of the list's version in use, if it has one. */
async function inUseHashOf(listId: string): Promise<string | undefined> {
  return (await versionInUseOf(listId))?.contentHash;
}

/**
 * A new file of a list in use, read whole and staged in the uploads folder (`staged`), as a proposal for a second
 * admin (issue 48): replacing a list can remove or change entries, so one admin alone could clear a listed person.
 * The proposal says what the file changes against the entries in use. One replacement waits per list (409
 * CONFIG_PROPOSAL_PENDING). The upload that makes it is audited by the caller.
 */
export async function proposeListReplacement(
  listId: SingleFileList,
  staged: string,
  load: ListLoad,
  who: Who,
): Promise<ConfigProposal> {
  const { index } = await listsInUse();
  const inUse = index.versions.find((v) => v.listId === listId);
  const replacement: ListReplacement = {
    listId,
    staged,
    contentHash: load.version.contentHash,
    issuedOn: load.version.issuedOn,
    entries: load.entries.length,
    replaces: {
      contentHash: inUse?.contentHash ?? "",
      issuedOn: inUse?.issuedOn ?? null,
      entries: inUse?.counts.entries ?? 0,
    },
    changes: changesOf(
      index.entries.filter((entry) => entry.listId === listId),
      load.entries,
    ),
  };
  const row = await createProposal({
    kind: "screening-list",
    subject: listId,
    body: replacement as unknown as Record<string, unknown>,
    before: { contentHash: replacement.replaces.contentHash },
    diff: [replacement.changes],
    user: who.user,
    requestId: who.requestId,
  });
  return proposalOf(row);
}

/** The staged file of a replacement, when the uploads folder is set. */
function stagedPath(replacement: ListReplacement): string | undefined {
  const dir = uploadsDir();
  // Only a name the upload made: never a path a stored proposal could point elsewhere with.
  return dir && /^\.proposed-[0-9a-f-]{36}$/.test(replacement.staged)
    ? join(dir, replacement.staged)
    : undefined;
}

/** A declined, withdrawn or superseded replacement's staged file is removed. */
export async function discardListReplacement(proposal: Row): Promise<void> {
  const file = stagedPath(proposal.body as unknown as ListReplacement);
  if (file) await rm(file, { force: true });
}

/**
 * A second admin approves a list replacement: when the list in use is still the one the proposal was made against,
 * the staged file becomes the list's uploaded file and the lists are read again (a new version in use, and stored
 * subjects screened against what changed); otherwise it is superseded. Audited as the approver.
 */
export async function applyListReplacement(who: Who, proposal: Row): Promise<void> {
  const replacement = proposal.body as unknown as ListReplacement;
  const dir = uploadsDir();
  const file = stagedPath(replacement);
  if (!dir || !file) {
    throw new ApiError(503, "UPLOADS_NOT_CONFIGURED", "This console has no folder for uploaded lists.");
  }
  if ((await inUseHashOf(replacement.listId)) !== replacement.replaces.contentHash) {
    await decideProposal(proposal.id, "superseded", who.user, who.requestId);
    await discardListReplacement(proposal);
    throw new ApiError(
      409,
      "STALE_PROPOSAL",
      "The list in use changed since this replacement was proposed, so it was not applied and is now superseded. Upload the file again to propose it against the list as it is.",
    );
  }
  await markProposalApplied(who, proposal.id);
  const { file: name } = SINGLE_FILE_LISTS[replacement.listId as SingleFileList];
  await auditedAction(
    {
      actor: who.user,
      requestId: who.requestId,
      clientRequestId: who.clientRequestId,
      action: "screening.lists.replace",
      targetId: replacement.listId,
      summary: {
        list: replacement.listId,
        contentHash: replacement.contentHash,
        ...replacement.changes,
        fourEyes: "approved",
        proposalId: proposal.id,
        proposedBy: proposal.proposerEmail,
        proposalRequestId: proposal.proposalRequestId,
      },
    },
    () => rename(file, join(dir, name)),
  );
  await refreshLists();
}

/** The list replacements waiting for a second admin, oldest first. */
export async function pendingListReplacements(): Promise<ScreeningListHealth["replacements"]> {
  const rows = await getConsoleDatabase()
    .select()
    .from(configProposals)
    .where(and(eq(configProposals.kind, "screening-list"), eq(configProposals.status, "proposed")))
    .orderBy(asc(configProposals.createdAt));
  return rows.flatMap((row) => {
    const proposal = proposalOf(row);
    return proposal.kind === "screening-list" ? [proposal] : [];
  });
}
