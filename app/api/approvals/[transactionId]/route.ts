// GET /api/approvals/{transactionId} — one pending payment's queue entry, wherever it stands in the queue, for its own page
import { loadApprovalQueueEntry } from "@/lib/server/approvals/queue";
import { queueAsReadBy } from "@/lib/server/approvals/queue-for-reader";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { transactionIdFrom } from "@/lib/server/transactions/events";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/approvals/[transactionId]"], async ({ params, user }) =>
  Response.json(
    await queueAsReadBy(user.role, await loadApprovalQueueEntry(transactionIdFrom(params.transactionId))),
    { headers: NO_STORE },
  ),
);
