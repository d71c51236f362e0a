// GET /api/inbox — the webhook inbox: verified events (or deliveries that failed verification), newest first
import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { parseQuery } from "@/lib/http/query";
import { listInboxFor, listInboxQuerySchema } from "@/lib/webhooks/inbox-list";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(
  { permission: "read", action: "webhooks.inbox.list" },
  async ({ request, user }) =>
    Response.json(await listInboxFor(user.role, parseQuery(listInboxQuerySchema, request)), {
      headers: NO_STORE,
    }),
);
