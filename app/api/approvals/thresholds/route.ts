// GET/PUT /api/approvals/thresholds — the two-person rule's threshold per currency (loosening it needs a second person)
import { changeThresholds, listThresholdsProposals } from "@/lib/server/approvals/threshold-proposals";
import { listThresholds } from "@/lib/server/approvals/two-approvers";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { thresholdsBodySchema } from "@/lib/universal/approvals/thresholds-schema";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/approvals/thresholds"], async () => {
  const [thresholds, proposals] = await Promise.all([listThresholds(), listThresholdsProposals()]);
  return Response.json({ thresholds, proposal: proposals.pending }, { headers: NO_STORE });
});

// 200 with the rule when applied (stricter only); 202 with the proposal when loosening needs a second person (its
// stricter part, if any, is applied at once and in the answer's thresholds).
export const PUT = consoleRoute(
  CONSOLE_API["PUT /api/approvals/thresholds"],
  async ({ request, user, requestId, clientRequestId }) => {
    const { thresholds } = await readJsonBody(request, thresholdsBodySchema, 32 * 1024);
    const result = await changeThresholds({ user, requestId, clientRequestId }, thresholds);
    return Response.json(result, { status: result.proposal ? 202 : 200, headers: NO_STORE });
  },
);
