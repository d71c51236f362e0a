// GET /api/team/proposals — team changes waiting for a second admin, and the latest decided ones (admins)
import { listTeamProposals, proposalOf } from "@/lib/server/config/proposals";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/team/proposals"], async () => {
  const { pending, recent } = await listTeamProposals();
  return Response.json(
    { pending: pending.map((row) => proposalOf(row)), recent: recent.map((row) => proposalOf(row)) },
    { headers: NO_STORE },
  );
});
