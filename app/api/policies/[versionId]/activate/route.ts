// POST /api/policies/:versionId/activate — a second person puts a proposed version in force (the old one superseded)
import { z } from "zod";
import { auditedAction } from "@/lib/server/audit/log";
import { getConsoleDatabase } from "@/lib/server/db";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { policyTarget, proposalRow } from "@/lib/server/policies/version-audit";
import { activateVersion, getVersion } from "@/lib/server/policies/versions";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  { permission: "approvals.decide", action: "policy.version.activate" },
  async ({ request, params, audit, user }) => {
    // Nothing to choose: an empty object, so anything sent along is refused rather than ignored.
    await readJsonBody(request, z.strictObject({}), 1024);
    const db = getConsoleDatabase();
    const version = await getVersion(db, String(params.versionId ?? ""));
    const result = await auditedAction(
      {
        ...audit,
        action: "policy.version.activate",
        targetId: policyTarget(version.version),
        summary: { policyVersion: version.version, ...(await proposalRow(db, version.version)) },
      },
      () => activateVersion(db, version.id, user),
      ({ superseded }) => ({ summary: { superseded } }),
    );
    return Response.json({ version: result.activated, superseded: result.superseded }, { headers: NO_STORE });
  },
);
