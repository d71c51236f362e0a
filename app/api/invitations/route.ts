// GET /api/invitations — the invitations this console knows of (created here, or claimed), with their status now
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { recentInvitations } from "@/lib/server/invitations/recent";

export const dynamic = "force-dynamic";

export const GET = consoleRoute({ permission: "read", action: "invitations.list" }, async () => {
  return Response.json({ data: await recentInvitations() }, { headers: NO_STORE });
});
