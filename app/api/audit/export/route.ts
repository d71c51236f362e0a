// GET /api/audit/export — the whole filtered audit log as CSV, newest first (compliance and admins)
import { auditFiltersSchema } from "@/lib/server/audit/entries";
import { exportAuditLog } from "@/lib/server/audit/export-log";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { parseQuery } from "@/lib/server/http/query";
import { visibleCategories } from "@/lib/server/privacy/visibility";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { readsReasonsAboutSenders } from "@/lib/universal/privacy/reason-withheld";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/audit/export"], async ({ request, audit, user }) => {
  // The export is the whole filtered log: the filters' schema has no page size or cursor, so either is refused
  // rather than silently cutting it.
  const filters = parseQuery(auditFiltersSchema, request);
  // A role that sees senders' names masked gets the rows as the log's view shows them (decision 0074).
  const readsSenderReasons = readsReasonsAboutSenders(await visibleCategories(user.role));
  return exportAuditLog(audit, filters, { readsSenderReasons });
});
