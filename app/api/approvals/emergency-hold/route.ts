// GET/PUT /api/approvals/emergency-hold — the emergency switch that holds every pending payment for people,
// whatever the approval policies say (compliance and admins turn it on or off, with a reason)
import { auditedAction } from "@/lib/server/audit/log";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import {
  emergencyHoldBodySchema,
  readEmergencyHold,
  writeEmergencyHold,
} from "@/lib/server/policies/emergency-hold";

export const dynamic = "force-dynamic";

export const GET = consoleRoute({ permission: "read", action: "approvals.emergency-hold.read" }, async () =>
  Response.json(await readEmergencyHold(), { headers: NO_STORE }),
);

export const PUT = consoleRoute(
  { permission: "approvals.decide", action: "approvals.emergency-hold.update" },
  async ({ request, audit, user }) => {
    const change = await readJsonBody(request, emergencyHoldBodySchema, 8 * 1024);
    const before = await readEmergencyHold();
    const after = await auditedAction(
      {
        ...audit,
        action: "approvals.emergency-hold.update",
        targetId: null,
        summary: { before: { on: before.on }, after: { on: change.on }, reason: change.reason },
      },
      () => writeEmergencyHold(change, user),
    );
    return Response.json(after, { headers: NO_STORE });
  },
);
