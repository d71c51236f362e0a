// POST /api/tokens/proposals — an admin proposes a TRANSACT or MANAGE API token; another admin's approval creates it

import { proposeToken, tokenProposalBodySchema } from "@/lib/server/four-eyes/token-proposals";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 4 * 1024;

export const POST = consoleRoute(
  CONSOLE_API["POST /api/tokens/proposals"],
  async ({ request, user, requestId, clientRequestId }) => {
    const proposal = await proposeToken({ user, requestId, clientRequestId }, () =>
      readJsonBody(request, tokenProposalBodySchema, MAX_BODY_BYTES),
    );
    return Response.json(
      {
        ...proposal,
        message:
          "The token is proposed. It is created when another admin approves it; its secret then waits here for you alone, for 24 hours.",
      },
      { status: 202, headers: NO_STORE },
    );
  },
);
