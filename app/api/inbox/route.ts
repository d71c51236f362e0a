// GET /api/inbox — the webhook inbox: verified events (or deliveries that failed verification), newest first
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { parseQuery } from "@/lib/server/http/query";
import { listInboxFor, listInboxQuerySchema } from "@/lib/server/webhooks/inbox-list";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/inbox"], async ({ request, user }) =>
  Response.json(await listInboxFor(user.role, parseQuery(listInboxQuerySchema, request)), {
    headers: NO_STORE,
  }),
);
