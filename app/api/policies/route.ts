// GET /api/policies — every approval policy version, newest first; POST — a new draft (from a document or a copy)
import { getConsoleDatabase } from "@/lib/server/db";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { createPolicyDraft } from "@/lib/server/policies/create-version";
import { listVersions } from "@/lib/server/policies/versions";
import { visibleCategories } from "@/lib/server/privacy/visibility";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { maskPolicyVersion } from "@/lib/universal/policies/mask-policy";
import { createDraftBodySchema } from "@/lib/universal/policies/version-bodies";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/policies"], async ({ user }) => {
  const visible = await visibleCategories(user.role);
  const versions = (await listVersions(getConsoleDatabase())).map((version) =>
    maskPolicyVersion(version, visible),
  );
  return Response.json({ versions }, { headers: NO_STORE });
});

export const POST = consoleRoute(CONSOLE_API["POST /api/policies"], async ({ request, audit, user }) => {
  const body = await readJsonBody(request, createDraftBodySchema, 512 * 1024);
  const created = await createPolicyDraft(audit, user, body);
  return Response.json({ version: created }, { status: 201, headers: NO_STORE });
});
