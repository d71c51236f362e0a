// GET /api/policies/:versionId — one version; PUT — replaces a draft's rules and allow-list (audited)
import { getConsoleDatabase } from "@/lib/server/db";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { updatePolicyDraft } from "@/lib/server/policies/update-version";
import { getVersion } from "@/lib/server/policies/versions";
import { visibleCategories } from "@/lib/server/privacy/visibility";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { maskPolicyVersion } from "@/lib/universal/policies/mask-policy";
import { updateDraftBodySchema } from "@/lib/universal/policies/version-bodies";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/policies/[versionId]"], async ({ params, user }) => {
  const version = await getVersion(getConsoleDatabase(), String(params.versionId ?? ""));
  return Response.json(
    { version: maskPolicyVersion(version, await visibleCategories(user.role)) },
    { headers: NO_STORE },
  );
});

export const PUT = consoleRoute(
  CONSOLE_API["PUT /api/policies/[versionId]"],
  async ({ request, params, audit, user }) => {
    // The body is read once the version is found (an unknown version is 404 whatever it holds).
    const updated = await updatePolicyDraft(audit, user, String(params.versionId ?? ""), () =>
      readJsonBody(request, updateDraftBodySchema, 512 * 1024),
    );
    return Response.json({ version: updated }, { headers: NO_STORE });
  },
);
