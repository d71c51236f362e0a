// GET /api/approvals/summary — how many payments wait for a decision and the soonest few, for the overview
import { loadApprovalSummary } from "@/lib/server/approvals/queue";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { maskedFor } from "@/lib/server/privacy/visibility";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/approvals/summary"], async ({ user }) =>
  Response.json(await maskedFor(user.role, await loadApprovalSummary()), { headers: NO_STORE }),
);
