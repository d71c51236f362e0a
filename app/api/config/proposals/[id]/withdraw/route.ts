// POST /api/config/proposals/:id/withdraw — the proposer takes a waiting change back
import { withdrawProposal } from "@/lib/server/four-eyes/decide-proposal";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  { permission: "config.write", action: "config.proposal.withdraw" },
  async ({ params, user, requestId, clientRequestId }) => {
    const proposal = await withdrawProposal({ user, requestId, clientRequestId }, String(params.id ?? ""));
    return Response.json(proposal, { headers: NO_STORE });
  },
);
