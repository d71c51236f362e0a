// POST /api/approvals/thresholds/proposals/:id/decline — another compliance officer or admin declines a loosening of the two-person rule
import { declineThresholdsProposal } from "@/lib/server/approvals/threshold-proposals";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

// approvals.decide, not config.write: compliance decides the rule it works under, but only its proposals (kind
// "thresholds"); a configuration or four-eyes proposal id is 404 here.
export const POST = consoleRoute(
  CONSOLE_API["POST /api/approvals/thresholds/proposals/[id]/decline"],
  async ({ params, user, requestId, clientRequestId }) => {
    const proposal = await declineThresholdsProposal(
      { user, requestId, clientRequestId },
      String(params.id ?? ""),
    );
    return Response.json(proposal, { headers: NO_STORE });
  },
);
