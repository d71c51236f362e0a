// POST /api/screening/search — a name screened against the lists in use; nothing is stored but the audit row
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { searchLists } from "@/lib/server/screening/search";
import { screeningSearchBodySchema } from "@/lib/universal/console-api/bodies";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(CONSOLE_API["POST /api/screening/search"], async ({ request, audit }) => {
  const body = await readJsonBody(request, screeningSearchBodySchema, 4 * 1024);
  return Response.json(await searchLists(body, audit), { headers: NO_STORE });
});
