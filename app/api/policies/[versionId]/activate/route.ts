// POST /api/policies/:versionId/activate — a second person puts a proposed version in force (the old one superseded)
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { activatePolicyVersion } from "@/lib/server/policies/activate-version";
import { visibleCategories } from "@/lib/server/privacy/visibility";
import { emptyBodySchema } from "@/lib/universal/console-api/bodies";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { maskPolicyVersion } from "@/lib/universal/policies/mask-policy";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/policies/[versionId]/activate"],
  async ({ request, params, audit, user }) => {
    // Nothing to choose: an empty object, so anything sent along is refused rather than ignored.
    await readJsonBody(request, emptyBodySchema, 1024);
    const result = await activatePolicyVersion(audit, user, String(params.versionId ?? ""));
    const visible = await visibleCategories(user.role);
    return Response.json(
      { version: maskPolicyVersion(result.activated, visible), superseded: result.superseded },
      { headers: NO_STORE },
    );
  },
);
