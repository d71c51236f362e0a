// GET /api/policies — every approval policy version, newest first; POST — a new draft (from a document or a copy)
import { auditedAction } from "@/lib/server/audit/log";
import { getConsoleDatabase } from "@/lib/server/db";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { assertRuleFieldsVisible } from "@/lib/server/policies/field-guard";
import { policyTarget } from "@/lib/server/policies/version-audit";
import { createDraft, getVersion, listVersions } from "@/lib/server/policies/versions";
import { createDraftBodySchema } from "@/lib/universal/policies/version-bodies";

export const dynamic = "force-dynamic";

export const GET = consoleRoute({ permission: "read", action: "policy.version.list" }, async () => {
  return Response.json({ versions: await listVersions(getConsoleDatabase()) }, { headers: NO_STORE });
});

export const POST = consoleRoute(
  { permission: "approvals.decide", action: "policy.version.create" },
  async ({ request, audit, user }) => {
    const body = await readJsonBody(request, createDraftBodySchema, 512 * 1024);
    const source =
      body.copyOf !== undefined
        ? { copyOf: body.copyOf }
        : { document: body.document ?? { rules: [], allowListedDomains: [] } };
    const created = await auditedAction(
      {
        ...audit,
        action: "policy.version.create",
        targetId: null,
        summary: {
          ...(body.copyOf ? { copyOf: body.copyOf } : { rules: source.document?.rules.length ?? 0 }),
        },
      },
      async () => {
        // A copy is a save too: its clauses must be ones this person's role may write (item 6 of issue 46).
        const document =
          body.copyOf !== undefined
            ? (await getVersion(getConsoleDatabase(), body.copyOf)).document
            : body.document;
        if (document) await assertRuleFieldsVisible(user.role, document);
        return createDraft(getConsoleDatabase(), user, source, body.note ?? "");
      },
      (version) => ({ targetId: policyTarget(version.version), summary: { policyVersion: version.version } }),
    );
    return Response.json({ version: created }, { status: 201, headers: NO_STORE });
  },
);
