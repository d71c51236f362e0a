// POST /api/tokens/:tokenId/secret — the proposer of an approved token collects its secret, once (then it is deleted)
import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { collectTokenSecret } from "@/lib/tokens/token-proposals";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  { permission: "config.write", action: "token.secret.collect" },
  async ({ params, user, requestId, clientRequestId }) => {
    const token = await collectTokenSecret(
      { user, requestId, clientRequestId },
      String(params.tokenId ?? "").slice(0, 200),
    );
    return Response.json(token, { headers: NO_STORE });
  },
);
