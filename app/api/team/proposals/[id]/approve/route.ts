// POST /api/team/proposals/:id/approve — another admin approves a waiting team change; it is applied as them, a password shown once to them
import { approveProposal } from "@/lib/server/four-eyes/decide-proposal";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { requireTeamProposal } from "@/lib/server/team/team-proposal-route";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/team/proposals/[id]/approve"],
  async ({ params, user, requestId, clientRequestId }) => {
    const id = String(params.id ?? "");
    await requireTeamProposal(id);
    const proposal = await approveProposal({ user, requestId, clientRequestId }, id);
    return Response.json(proposal, { headers: NO_STORE });
  },
);
