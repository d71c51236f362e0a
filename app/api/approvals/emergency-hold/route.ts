// GET/PUT /api/approvals/emergency-hold — the emergency switch that holds every pending payment for people,
// whatever the approval policies say (compliance and admins turn it on, with a reason; turning it off takes two)
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { readEmergencyHold } from "@/lib/server/policies/emergency-hold";
import { setEmergencyHold } from "@/lib/server/policies/set-emergency-hold";
import { emergencyHoldBodySchema } from "@/lib/universal/console-api/bodies";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/approvals/emergency-hold"], async () =>
  Response.json(await readEmergencyHold(), { headers: NO_STORE }),
);

export const PUT = consoleRoute(
  CONSOLE_API["PUT /api/approvals/emergency-hold"],
  async ({ request, audit, user }) => {
    const change = await readJsonBody(request, emergencyHoldBodySchema, 8 * 1024);
    const hold = await setEmergencyHold(audit, user, change);
    // 202: asked to turn it off, which waits for a second person; the hold is still on.
    const waits = !change.on && hold.on;
    return Response.json(hold, { status: waits ? 202 : 200, headers: NO_STORE });
  },
);
