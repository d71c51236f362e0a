// GET /api/screening/alerts — open potential matches across payments and customers, oldest first
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { maskedFor } from "@/lib/server/privacy/visibility";
import { openAlerts } from "@/lib/server/screening/alerts";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/screening/alerts"], async ({ user }) =>
  Response.json(await maskedFor(user.role, await openAlerts()), { headers: NO_STORE }),
);
