// GET /api/policies — every approval policy version, newest first; POST — a new draft (from a document or a copy)
import { auditedAction } from "@/lib/audit/log";
import { getConsoleDatabase } from "@/lib/db";
import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/json-body";
import { assertRuleFieldsVisible } from "@/lib/policies/field-guard";
import { policyTarget } from "@/lib/policies/version-audit";
import { createDraftBodySchema } from "@/lib/policies/version-bodies";
import { createDraft, getVersion, listVersions } from "@/lib/policies/versions";

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
