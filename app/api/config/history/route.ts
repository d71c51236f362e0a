// GET /api/config/history — who changed the platform configuration, what and when, from the audit log
import { historyQuerySchema, listConfigHistory } from "@/lib/server/config/list-history";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { parseQuery } from "@/lib/server/http/query";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/config/history"], async ({ request, requestId }) => {
  const query = parseQuery(historyQuerySchema, request, "The query is not valid.");
  return Response.json(await listConfigHistory(query, requestId), { headers: NO_STORE });
});
