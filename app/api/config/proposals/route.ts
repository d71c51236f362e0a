// GET /api/config/proposals — configuration changes waiting for a second admin, and the latest decided ones
import { decidersOf, listProposals, proposalOf } from "@/lib/server/config/proposals";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/config/proposals"], async () => {
  const { pending, recent } = await listProposals();
  const deciders = await decidersOf(recent);
  return Response.json(
    {
      pending: pending.map((row) => proposalOf(row)),
      recent: recent.map((row) => proposalOf(row, deciders)),
    },
    { headers: NO_STORE },
  );
});
