// GET /api/approvals/summary — how many payments wait for a decision and the soonest few, for the overview
import { loadApprovalSummary } from "@/lib/server/approvals/queue";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { maskedFor } from "@/lib/server/privacy/visibility";

export const dynamic = "force-dynamic";

export const GET = consoleRoute({ permission: "read", action: "approvals.summary" }, async ({ user }) =>
  Response.json(await maskedFor(user.role, await loadApprovalSummary()), { headers: NO_STORE }),
);
