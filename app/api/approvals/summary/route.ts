// GET /api/approvals/summary — how many payments wait for a decision and the soonest few, for the overview
import { loadApprovalSummary } from "@/lib/server/approvals/queue";
import { queueAsReadBy } from "@/lib/server/approvals/queue-for-reader";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/approvals/summary"], async ({ user }) =>
  Response.json(await queueAsReadBy(user.role, await loadApprovalSummary()), { headers: NO_STORE }),
);
