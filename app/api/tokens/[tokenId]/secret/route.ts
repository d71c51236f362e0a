// POST /api/tokens/:tokenId/secret — the proposer of an approved token collects its secret, once (then it is deleted)

import { collectTokenSecret } from "@/lib/server/four-eyes/token-proposals";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/tokens/[tokenId]/secret"],
  async ({ params, user, requestId, clientRequestId }) => {
    const token = await collectTokenSecret(
      { user, requestId, clientRequestId },
      String(params.tokenId ?? "").slice(0, 200),
    );
    return Response.json(token, { headers: NO_STORE });
  },
);
