// GET /api/overview/balances — what the platform and its customers hold, per currency, summed from the API's lists
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { overviewBalances } from "@/lib/server/transactions/overview-figures";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/overview/balances"], async () =>
  Response.json(await overviewBalances(), { headers: NO_STORE }),
);
