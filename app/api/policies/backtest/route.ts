// POST /api/policies/backtest — replays the last N days of pending incoming payments against a policy document and
// lists every payment whose outcome would change (compliance and admins; read-only, so not audited as a change)
import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/json-body";
import { backtest, backtestBodySchema } from "@/lib/policies/backtest";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  { permission: "approvals.decide", action: "policies.backtest" },
  async ({ request }) => {
    const { document, days } = await readJsonBody(request, backtestBodySchema, 2 * 1024 * 1024);
    return Response.json(await backtest(document, days), { headers: NO_STORE });
  },
);
