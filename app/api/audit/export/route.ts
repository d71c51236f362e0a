// GET /api/audit/export — the whole filtered audit log as CSV, newest first (compliance and admins)
import { AUDIT_CSV_HEADER, auditCsvFilename, auditCsvLine } from "@/lib/audit/csv";
import { type AuditRow, walkAuditEvents } from "@/lib/audit/entries";
import { writeAudit } from "@/lib/audit/log";
import { exportAuditQuerySchema } from "@/lib/audit/query";
import { getConsoleDatabase } from "@/lib/db";
import { consoleRoute } from "@/lib/http/console-route";
import { csvDownload } from "@/lib/http/csv-download";
import { parseQuery } from "@/lib/http/query";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(
  { permission: "audit.read", action: "audit.export" },
  async ({ request, user, requestId }) => {
    // The export is the whole filtered log: a page size or a cursor would silently cut it, so they are refused.
    const filters = parseQuery(exportAuditQuerySchema, request);
    // Taking a copy of the log is itself recorded, before it is read, so the copy lists its own making when the
    // filters match it.
    await writeAudit({
      actor: user,
      action: "audit.export",
      outcome: "allowed",
      requestId,
      summary: { filters },
    });
    const batches = walkAuditEvents(getConsoleDatabase(), filters);
    // The first batch is read before answering, so an unreachable database is an error, not a broken download.
    const first = await batches.next();
    return csvDownload<AuditRow>({
      header: AUDIT_CSV_HEADER,
      first: first.done ? [] : first.value,
      rest: batches,
      line: auditCsvLine,
      filename: auditCsvFilename(new Date()),
      what: "audit log export",
      requestId,
    });
  },
);
