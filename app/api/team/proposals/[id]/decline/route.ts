// POST /api/team/proposals/:id/decline — another admin declines a waiting team change; nothing is applied
import { declineProposal } from "@/lib/server/four-eyes/decide-proposal";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { requireTeamProposal } from "@/lib/server/team/team-proposal-route";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/team/proposals/[id]/decline"],
  async ({ params, user, requestId, clientRequestId }) => {
    const id = String(params.id ?? "");
    await requireTeamProposal(id);
    const proposal = await declineProposal({ user, requestId, clientRequestId }, id);
    return Response.json(proposal, { headers: NO_STORE });
  },
);
