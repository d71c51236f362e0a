// GET /api/policies/:versionId — one version; PUT — replaces a draft's rules and allow-list (audited)
import { auditedAction } from "@/lib/server/audit/log";
import { getConsoleDatabase } from "@/lib/server/db";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { assertRuleFieldsVisible } from "@/lib/server/policies/field-guard";
import { policyTarget } from "@/lib/server/policies/version-audit";
import { getVersion, updateDraft } from "@/lib/server/policies/versions";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { updateDraftBodySchema } from "@/lib/universal/policies/version-bodies";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/policies/[versionId]"], async ({ params }) => {
  const version = await getVersion(getConsoleDatabase(), String(params.versionId ?? ""));
  return Response.json({ version }, { headers: NO_STORE });
});

export const PUT = consoleRoute(
  CONSOLE_API["PUT /api/policies/[versionId]"],
  async ({ request, params, audit, user }) => {
    const db = getConsoleDatabase();
    const current = await getVersion(db, String(params.versionId ?? ""));
    const body = await readJsonBody(request, updateDraftBodySchema, 512 * 1024);
    const updated = await auditedAction(
      {
        ...audit,
        action: "policy.version.update",
        targetId: policyTarget(current.version),
        summary: { policyVersion: current.version, rules: body.document.rules.length },
      },
      async () => {
        await assertRuleFieldsVisible(user.role, body.document);
        return updateDraft(db, current.id, body.document, body.note);
      },
    );
    return Response.json({ version: updated }, { headers: NO_STORE });
  },
);
