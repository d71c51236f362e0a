import "server-only";
import { csvFilename } from "../../universal/csv/cells";
import { getConsoleDatabase } from "../db";
import { csvDownload } from "../http/csv-download";
import { nameOf, namesByEmail } from "../team/names-by-email";
import { checkpointAuditChain } from "./checkpoints";
import { AUDIT_CSV_HEADER, type AuditCsvRow, auditCsvLine, auditCsvRowFor } from "./csv";
import { type AuditFilters, type AuditRow, walkAuditEvents } from "./entries";
import { type AuditEntry, writeAudit } from "./log";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/** A batch's entries as the reader may read them, each actor named as the team knows them now. */
async function forReader(
  rows: readonly AuditRow[],
  reader: { readsSenderReasons: boolean },
): Promise<AuditCsvRow[]> {
  const names = await namesByEmail(rows.map((row) => row.actorEmail));
  return rows.map((row) => ({ ...auditCsvRowFor(row, reader), actorName: nameOf(names, row.actorEmail) }));
}

async function* batchesForReader(
  batches: AsyncGenerator<AuditRow[], void, undefined>,
  reader: { readsSenderReasons: boolean },
): AsyncGenerator<AuditCsvRow[], void, undefined> {
  for await (const rows of batches) yield forReader(rows, reader);
}

/**
 * GET /api/audit/export: the whole filtered audit log as a CSV download, newest first. Taking the copy is itself
 * recorded, and anchors the chain's head outside the database (a signed checkpoint). For a reader whose role sees
 * senders' names masked, each row withholds what the log's view withholds from them, marked in `withheld`.
 */
export async function exportAuditLog(
  who: Who,
  filters: AuditFilters,
  reader: { readsSenderReasons: boolean },
): Promise<Response> {
  // Taking a copy of the log is itself recorded, before it is read, so the copy lists its own making when the
  // filters match it.
  await writeAudit({
    ...who,
    action: "audit.export",
    outcome: "allowed",
    summary: { filters },
  });
  // Each copy taken anchors the head outside the database too (a signed checkpoint, lib/server/audit/anchor.ts).
  await checkpointAuditChain();
  const batches = walkAuditEvents(getConsoleDatabase(), filters);
  // The first batch is read before answering, so an unreachable database is an error, not a broken download.
  const first = await batches.next();
  return csvDownload<AuditCsvRow>({
    header: AUDIT_CSV_HEADER,
    first: first.done ? [] : await forReader(first.value, reader),
    rest: batchesForReader(batches, reader),
    line: auditCsvLine,
    filename: csvFilename("audit-log", new Date()),
    what: "audit log export",
    requestId: who.requestId,
  });
}
