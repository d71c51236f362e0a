// GET/PUT /api/approvals/thresholds — the two-person rule's threshold per currency (compliance and admins set it)
import { thresholdsBodySchema } from "@/lib/approvals/thresholds-schema";
import { listThresholds, replaceThresholds } from "@/lib/approvals/two-approvers";
import { auditedAction } from "@/lib/audit/log";
import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/json-body";

export const dynamic = "force-dynamic";

export const GET = consoleRoute({ permission: "read", action: "approvals.thresholds.read" }, async () => {
  return Response.json({ thresholds: await listThresholds() }, { headers: NO_STORE });
});

export const PUT = consoleRoute(
  { permission: "approvals.decide", action: "approvals.thresholds.update" },
  async ({ request, audit, user }) => {
    const { thresholds } = await readJsonBody(request, thresholdsBodySchema, 32 * 1024);
    const before = await listThresholds();
    await auditedAction(
      {
        ...audit,
        action: "approvals.thresholds.update",
        targetId: null,
        summary: { before, after: thresholds },
      },
      () => replaceThresholds(thresholds, user),
    );
    return Response.json({ thresholds: await listThresholds() }, { headers: NO_STORE });
  },
);
