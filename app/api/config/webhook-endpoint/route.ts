// GET /api/config/webhook-endpoint — whether the configured webhook endpoint answers, and the one it replaced
import { webhookEndpointHealth } from "@/lib/server/config/endpoint-health";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/config/webhook-endpoint"], async ({ requestId }) =>
  Response.json(await webhookEndpointHealth(requestId), { headers: NO_STORE }),
);
