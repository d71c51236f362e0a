// GET /api/audit/export — the whole filtered audit log as CSV, newest first (compliance and admins)
import { checkpointAuditChain } from "@/lib/server/audit/checkpoints";
import { AUDIT_CSV_HEADER, auditCsvLine } from "@/lib/server/audit/csv";
import { type AuditRow, auditFiltersSchema, walkAuditEvents } from "@/lib/server/audit/entries";
import { writeAudit } from "@/lib/server/audit/log";
import { getConsoleDatabase } from "@/lib/server/db";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { csvDownload } from "@/lib/server/http/csv-download";
import { parseQuery } from "@/lib/server/http/query";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { csvFilename } from "@/lib/universal/csv/cells";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(
  CONSOLE_API["GET /api/audit/export"],
  async ({ request, audit, requestId }) => {
    // The export is the whole filtered log: the filters' schema has no page size or cursor, so either is refused
    // rather than silently cutting it.
    const filters = parseQuery(auditFiltersSchema, request);
    // Taking a copy of the log is itself recorded, before it is read, so the copy lists its own making when the
    // filters match it.
    await writeAudit({
      ...audit,
      action: "audit.export",
      outcome: "allowed",
      summary: { filters },
    });
    // Each copy taken anchors the head outside the database too (a signed checkpoint, lib/server/audit/anchor.ts).
    await checkpointAuditChain();
    const batches = walkAuditEvents(getConsoleDatabase(), filters);
    // The first batch is read before answering, so an unreachable database is an error, not a broken download.
    const first = await batches.next();
    return csvDownload<AuditRow>({
      header: AUDIT_CSV_HEADER,
      first: first.done ? [] : first.value,
      rest: batches,
      line: auditCsvLine,
      filename: csvFilename("audit-log", new Date()),
      what: "audit log export",
      requestId,
    });
  },
);
