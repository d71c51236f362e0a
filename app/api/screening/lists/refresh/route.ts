// POST /api/screening/lists/refresh — reads the lists' folder again now (admins; audited)
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { refreshListsNow } from "@/lib/server/screening/refresh";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(CONSOLE_API["POST /api/screening/lists/refresh"], async ({ audit }) =>
  Response.json(await refreshListsNow(audit), { headers: NO_STORE }),
);
