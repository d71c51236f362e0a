// POST /api/config/proposals/:id/approve — another admin approves a waiting change; it is applied (audited)
import { approveProposal } from "@/lib/server/four-eyes/decide-proposal";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/config/proposals/[id]/approve"],
  async ({ params, user, requestId, clientRequestId }) => {
    const proposal = await approveProposal({ user, requestId, clientRequestId }, String(params.id ?? ""));
    return Response.json(proposal, { headers: NO_STORE });
  },
);
