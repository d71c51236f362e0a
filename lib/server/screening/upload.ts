import "server-only";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { ApiError } from "../../../shared/api-error";
import type { ScreeningListHealth } from "../../universal/screening/records";
import { listName } from "../../universal/screening/records";
import { type AuditEntry, auditedAction } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { proposeListReplacement } from "./list-replacement";
import { refreshLists, uploadsDir, versionInUseOf } from "./lists-in-use";
import { readListFile, SINGLE_FILE_LISTS, type SingleFileList } from "./load";
import { screeningListHealth } from "./rescreen";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/** The largest list file taken (OFAC's advanced XML of every programme is a few hundred megabytes). */
const MAX_LIST_BYTES = 512 * 1024 * 1024;

export const isUploadableList = (value: string | null): value is SingleFileList =>
  value !== null && Object.hasOwn(SINGLE_FILE_LISTS, value);

/** Copies the body to `file` as it arrives, refusing it past MAX_LIST_BYTES; answers the bytes written. */
async function saveBody(body: ReadableStream<Uint8Array>, file: string): Promise<number> {
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > MAX_LIST_BYTES) {
        done(
          new ApiError(
            413,
            "LIST_TOO_LARGE",
            `A list file may be at most ${MAX_LIST_BYTES / 1024 / 1024} MB.`,
          ),
        );
        return;
      }
      done(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), counted, createWriteStream(file));
  return bytes;
}

/**
 * POST /api/screening/lists/upload?list=…: an admin uploads a new file of one of the lists published as one file
 * (UN consolidated XML, OFAC's advanced XML, the EU's FSF XML). It is read as a stream into the uploads folder and
 * read as that list before it counts: a file that does not read whole (no entries, or parse errors) is refused with
 * what was wrong and replaces nothing. A good file of a list not in use stands before the shipped file of the same
 * list from then on, and the lists are read again at once (a new version in use, and stored subjects screened against
 * what changed); a good file of a list in use is kept aside as a proposal a second admin approves
 * (list-replacement.ts). Audited.
 */
export async function uploadList(
  listId: SingleFileList,
  body: ReadableStream<Uint8Array> | null,
  who: Who & { user: ConsoleUser },
): Promise<ScreeningListHealth> {
  const dir = uploadsDir();
  if (!dir) {
    throw new ApiError(503, "UPLOADS_NOT_CONFIGURED", "This console has no folder for uploaded lists.");
  }
  if (!body) throw new ApiError(400, "INVALID_INPUT", "Send the list's file as the request's body.");
  const { file } = SINGLE_FILE_LISTS[listId];
  const { user, ...audit } = who;
  const saved = await auditedAction(
    { ...audit, action: "screening.lists.upload", targetId: listId, summary: { list: listId } },
    async () => {
      await mkdir(dir, { recursive: true });
      const id = randomUUID();
      const temporary = join(dir, `.upload-${id}`);
      try {
        const bytes = await saveBody(body, temporary);
        const load = await readListFile(listId, temporary, file);
        if (load.entries.length === 0 || load.version.parseErrors.length > 0) {
          const problems = load.version.parseErrors
            .slice(0, 3)
            .map((error) => `${error.at}: ${error.message}`);
          throw new ApiError(
            422,
            "LIST_UNREADABLE",
            `The file does not read as the ${listName(listId)}${problems.length ? ` (${problems.join("; ")})` : ": it holds no entries"}. Nothing was replaced.`,
            { parseErrors: load.version.parseErrors.slice(0, 20) },
          );
        }
        const facts = { bytes, entries: load.entries.length, contentHash: load.version.contentHash };
        // Replacing a list in use can remove or change its entries, which would let one admin clear a listed person
        // alone: the file is kept aside as a proposal for a second admin. Adding a list only adds alerts.
        const inUse = (await versionInUseOf(listId)) !== undefined;
        if (inUse) {
          const staged = `.proposed-${id}`;
          await rename(temporary, join(dir, staged));
          try {
            const proposal = await proposeListReplacement(listId, staged, load, { ...audit, user });
            return { ...facts, fourEyes: "proposed", proposalId: proposal.id };
          } catch (error) {
            await rm(join(dir, staged), { force: true });
            throw error;
          }
        }
        await rename(temporary, join(dir, file));
        return facts;
      } finally {
        await rm(temporary, { force: true });
      }
    },
    (result) => ({ summary: result }),
  );
  if (!("proposalId" in saved)) await refreshLists();
  return screeningListHealth();
}
