// GET/POST /api/views — the signed-in person's saved views of a list (every role keeps their own)
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { parseQuery } from "@/lib/server/http/query";
import { createOwnView } from "@/lib/server/views/create-view";
import { listOwnViews } from "@/lib/server/views/list-views";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { createViewBodySchema, listViewsQuerySchema } from "@/lib/universal/views/saved-view-schema";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/views"], async ({ request, user }) => {
  const { list } = parseQuery(listViewsQuerySchema, request, "Say which list's views to read.");
  return Response.json(await listOwnViews(user.id, list), { headers: NO_STORE });
});

export const POST = consoleRoute(CONSOLE_API["POST /api/views"], async ({ request, user, audit }) => {
  const body = await readJsonBody(request, createViewBodySchema, 8 * 1024);
  const view = await createOwnView(audit, user.id, body);
  return Response.json({ view }, { status: 201, headers: NO_STORE });
});
