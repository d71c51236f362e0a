// POST /api/screening/sources/[sourceId]/refresh — queues the source's fetch now (admins; audited)
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { refreshSourceNow } from "@/lib/server/screening/sources";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/screening/sources/[sourceId]/refresh"],
  async ({ params, audit }) =>
    Response.json(await refreshSourceNow(audit, String(params.sourceId ?? "")), { headers: NO_STORE }),
);
