// POST /api/policies/:versionId/propose — a draft is put forward for a second person to activate or decline
import { z } from "zod";
import { auditedAction } from "@/lib/server/audit/log";
import { getConsoleDatabase } from "@/lib/server/db";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { assertRuleFieldsVisible } from "@/lib/server/policies/field-guard";
import { policyTarget } from "@/lib/server/policies/version-audit";
import { activeVersion, getVersion, proposeDraft } from "@/lib/server/policies/versions";
import { diffCounts, diffPolicies } from "@/lib/universal/policies/diff";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  { permission: "approvals.decide", action: "policy.version.propose" },
  async ({ request, params, audit, user }) => {
    // Nothing to choose: an empty object, so anything sent along is refused rather than ignored.
    await readJsonBody(request, z.strictObject({}), 1024);
    const db = getConsoleDatabase();
    const version = await getVersion(db, String(params.versionId ?? ""));
    const active = await activeVersion(db);
    const proposed = await auditedAction(
      {
        ...audit,
        action: "policy.version.propose",
        targetId: policyTarget(version.version),
        // The diff to the version in force when it was proposed, stored with the proposal.
        summary: {
          policyVersion: version.version,
          against: active?.version ?? null,
          changes: diffCounts(diffPolicies(active?.document ?? null, version.document)),
        },
      },
      async () => {
        await assertRuleFieldsVisible(user.role, version.document);
        return proposeDraft(db, version.id, user);
      },
    );
    return Response.json({ version: proposed }, { headers: NO_STORE });
  },
);
