// GET /api/inbox/rejections — recent webhook deliveries that failed signature verification, newest first
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { parseQuery } from "@/lib/server/http/query";
import { listWebhookRejections, rejectionsQuerySchema } from "@/lib/server/webhooks/list-rejections";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/inbox/rejections"], async ({ request }) => {
  const { limit } = parseQuery(rejectionsQuerySchema, request, "limit must be a whole number from 1 to 50.");
  return Response.json(await listWebhookRejections(limit), { headers: NO_STORE });
});
