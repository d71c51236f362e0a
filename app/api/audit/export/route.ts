// GET /api/audit/export — the whole filtered audit log as CSV, newest first (compliance and admins)
import { auditFiltersSchema } from "@/lib/server/audit/entries";
import { exportAuditLog } from "@/lib/server/audit/export-log";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { parseQuery } from "@/lib/server/http/query";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/audit/export"], async ({ request, audit }) => {
  // The export is the whole filtered log: the filters' schema has no page size or cursor, so either is refused
  // rather than silently cutting it.
  const filters = parseQuery(auditFiltersSchema, request);
  return exportAuditLog(audit, filters);
});
