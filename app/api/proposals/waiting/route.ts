// GET /api/proposals/waiting — what waits for the reader as the second person, every kind, for the overview
import { waitingFor } from "@/lib/server/four-eyes/waiting-for-me";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/proposals/waiting"], async ({ user }) =>
  Response.json({ data: await waitingFor(user) }, { headers: NO_STORE }),
);
