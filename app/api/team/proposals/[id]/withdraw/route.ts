// POST /api/team/proposals/:id/withdraw — the proposer takes a waiting team change back
import { withdrawProposal } from "@/lib/config/proposal-decisions";
import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { requireTeamProposal } from "@/lib/team/team-proposal-route";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  { permission: "team.manage", action: "team.proposal.withdraw" },
  async ({ params, user, requestId, clientRequestId }) => {
    const id = String(params.id ?? "");
    await requireTeamProposal(id);
    const proposal = await withdrawProposal({ user, requestId, clientRequestId }, id);
    return Response.json(proposal, { headers: NO_STORE });
  },
);
