// GET /api/audit — the append-only audit log with filters (compliance and admins)
import { listAuditEvents, listAuditQuerySchema } from "@/lib/server/audit/query";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { parseQuery } from "@/lib/server/http/query";
import { visibleCategories } from "@/lib/server/privacy/visibility";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { readsReasonsAboutSenders } from "@/lib/universal/privacy/reason-withheld";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/audit"], async ({ request, user }) => {
  const readsSenderReasons = readsReasonsAboutSenders(await visibleCategories(user.role));
  return Response.json(
    await listAuditEvents(parseQuery(listAuditQuerySchema, request), { readsSenderReasons }),
    { headers: NO_STORE },
  );
});
