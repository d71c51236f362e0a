// POST /api/policies/:versionId/decline — a second person declines a proposed version, saying why; it is never activated
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { declinePolicyVersion } from "@/lib/server/policies/decline-version";
import { visibleCategories } from "@/lib/server/privacy/visibility";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { maskPolicyVersion } from "@/lib/universal/policies/mask-policy";
import { declineVersionBodySchema } from "@/lib/universal/policies/version-bodies";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/policies/[versionId]/decline"],
  async ({ request, params, audit, user }) => {
    const { reason } = await readJsonBody(request, declineVersionBodySchema, 8 * 1024);
    const declined = await declinePolicyVersion(audit, user, String(params.versionId ?? ""), reason);
    return Response.json(
      { version: maskPolicyVersion(declined, await visibleCategories(user.role)) },
      { headers: NO_STORE },
    );
  },
);
