// POST /api/config/proposals/:id/withdraw — the proposer takes a waiting change back
import { withdrawProposal } from "@/lib/server/four-eyes/decide-proposal";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/config/proposals/[id]/withdraw"],
  async ({ params, user, requestId, clientRequestId }) => {
    const proposal = await withdrawProposal({ user, requestId, clientRequestId }, String(params.id ?? ""));
    return Response.json(proposal, { headers: NO_STORE });
  },
);
