// GET /api/screening/alerts/summary — how many alerts are open: the navigation's mark beside Screening
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { openAlertCount } from "@/lib/server/screening/alerts";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/screening/alerts/summary"], async () =>
  Response.json(await openAlertCount(), { headers: NO_STORE }),
);
