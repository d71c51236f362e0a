// POST /api/policies/:versionId/decline — a second person declines a proposed version; it is never activated
import { z } from "zod";
import { auditedAction } from "@/lib/server/audit/log";
import { getConsoleDatabase } from "@/lib/server/db";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { policyTarget, proposalRow } from "@/lib/server/policies/version-audit";
import { declineVersion, getVersion } from "@/lib/server/policies/versions";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  { permission: "approvals.decide", action: "policy.version.decline" },
  async ({ request, params, audit, user }) => {
    // Nothing to choose: an empty object, so anything sent along is refused rather than ignored.
    await readJsonBody(request, z.strictObject({}), 1024);
    const db = getConsoleDatabase();
    const version = await getVersion(db, String(params.versionId ?? ""));
    const declined = await auditedAction(
      {
        ...audit,
        action: "policy.version.decline",
        targetId: policyTarget(version.version),
        summary: { policyVersion: version.version, ...(await proposalRow(db, version.version)) },
      },
      () => declineVersion(db, version.id, user),
    );
    return Response.json({ version: declined }, { headers: NO_STORE });
  },
);
