// GET /api/approvals — one page of the pending incoming payments with what their webhooks carried, for the approval queue
import { approvalQueueQuerySchema, loadApprovalQueuePage } from "@/lib/server/approvals/queue";
import { queueAsReadBy } from "@/lib/server/approvals/queue-for-reader";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { parseQuery } from "@/lib/server/http/query";
import { visibleCategories } from "@/lib/server/privacy/visibility";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/approvals"], async ({ user, request }) => {
  const query = parseQuery(approvalQueueQuerySchema, request);
  const page = await loadApprovalQueuePage(query, await visibleCategories(user.role));
  return Response.json(await queueAsReadBy(user.role, page), {
    headers: NO_STORE,
  });
});
