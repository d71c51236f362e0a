// POST /api/policies/:versionId/propose — a draft is put forward for a second person to activate or decline
import { z } from "zod";
import { auditedAction } from "@/lib/audit/log";
import { getConsoleDatabase } from "@/lib/db";
import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/json-body";
import { diffCounts, diffPolicies } from "@/lib/policies/diff";
import { assertRuleFieldsVisible } from "@/lib/policies/field-guard";
import { policyTarget } from "@/lib/policies/version-audit";
import { activeVersion, getVersion, proposeDraft } from "@/lib/policies/versions";

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
