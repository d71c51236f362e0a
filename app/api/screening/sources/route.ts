// GET /api/screening/sources — the lists' sources and the changes to them waiting for a second admin
// POST /api/screening/sources — proposes a list's source: a file path or URL fetched on a schedule (admins; audited)
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { proposeSource, screeningSourcesView } from "@/lib/server/screening/sources";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { screeningSourceBodySchema } from "@/lib/universal/screening/sources";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/screening/sources"], async () =>
  Response.json(await screeningSourcesView(), { headers: NO_STORE }),
);

export const POST = consoleRoute(
  CONSOLE_API["POST /api/screening/sources"],
  async ({ request, audit, user }) => {
    const body = await readJsonBody(request, screeningSourceBodySchema, 8 * 1024);
    const proposal = await proposeSource({ ...audit, user }, body);
    return Response.json({ proposal }, { status: 202, headers: NO_STORE });
  },
);
