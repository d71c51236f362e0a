// GET /api/invitations — the invitations this console knows of (created here, or claimed), with their status now
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { recentInvitations } from "@/lib/server/invitations/recent";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/invitations"], async () => {
  return Response.json({ data: await recentInvitations() }, { headers: NO_STORE });
});
