// POST /api/policies/backtest — replays the last N days of pending incoming payments against a policy document and
// lists every payment whose outcome would change (compliance and admins; read-only, but audited with its rules)
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { runBacktest } from "@/lib/server/policies/run-backtest";
import { backtestBodySchema } from "@/lib/universal/console-api/bodies";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/policies/backtest"],
  async ({ request, audit, user }) => {
    const { document, days } = await readJsonBody(request, backtestBodySchema, 2 * 1024 * 1024);
    return Response.json(await runBacktest(audit, user.role, document, days), { headers: NO_STORE });
  },
);
