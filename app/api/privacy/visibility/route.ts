// GET/PUT /api/privacy/visibility — which roles see which kinds of counterparty data unmasked (admins set it; unmasking waits for a second admin)
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { setVisibility } from "@/lib/server/privacy/set-visibility";
import { readVisibility } from "@/lib/server/privacy/visibility";
import { visibilityBodySchema } from "@/lib/universal/console-api/bodies";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/privacy/visibility"], async () =>
  Response.json({ visibility: await readVisibility() }, { headers: NO_STORE }),
);

export const PUT = consoleRoute(
  CONSOLE_API["PUT /api/privacy/visibility"],
  async ({ request, user, requestId, clientRequestId }) => {
    const { visibility } = await readJsonBody(request, visibilityBodySchema, 8 * 1024);
    const answer = await setVisibility({ user, requestId, clientRequestId }, visibility);
    // 202: stored as a proposal for a second admin (it shows someone data they saw masked); 200: applied.
    return Response.json(answer, { status: answer.proposal ? 202 : 200, headers: NO_STORE });
  },
);
