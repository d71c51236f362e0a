// GET /api/screening/lists — the watchlists' stored versions and their health
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { screeningListHealth } from "@/lib/server/screening/rescreen";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/screening/lists"], async () =>
  Response.json(await screeningListHealth(), { headers: NO_STORE }),
);
