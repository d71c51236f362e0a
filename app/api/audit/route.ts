// GET /api/audit — the append-only audit log with filters (compliance and admins)
import { listAuditEvents, listAuditQuerySchema } from "@/lib/audit/query";
import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { parseQuery } from "@/lib/http/query";

export const dynamic = "force-dynamic";

export const GET = consoleRoute({ permission: "audit.read", action: "audit.list" }, async ({ request }) => {
  return Response.json(await listAuditEvents(parseQuery(listAuditQuerySchema, request)), {
    headers: NO_STORE,
  });
});
