// GET/PUT /api/config/four-eyes — which parts of the configuration need a second admin (admins change it)

import { readFourEyes } from "@/lib/server/config/proposals";
import { changeFourEyes } from "@/lib/server/four-eyes/decide-proposal";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { fourEyesSettingSchema } from "@/lib/universal/config/four-eyes-schema";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/config/four-eyes"], async () => {
  return Response.json({ setting: await readFourEyes() }, { headers: NO_STORE });
});

// 200 with the setting when applied; 202 with the proposal when turning a part off needs a second admin.
export const PUT = consoleRoute(
  CONSOLE_API["PUT /api/config/four-eyes"],
  async ({ request, user, requestId, clientRequestId }) => {
    const next = await readJsonBody(request, fourEyesSettingSchema, 4 * 1024);
    const result = await changeFourEyes({ user, requestId, clientRequestId }, next);
    return Response.json(result, { status: result.proposal ? 202 : 200, headers: NO_STORE });
  },
);
