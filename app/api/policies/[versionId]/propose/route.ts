// POST /api/policies/:versionId/propose — a draft is put forward for a second person to activate or decline
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { proposePolicyVersion } from "@/lib/server/policies/propose-version";
import { emptyBodySchema } from "@/lib/universal/console-api/bodies";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/policies/[versionId]/propose"],
  async ({ request, params, audit, user }) => {
    // Nothing to choose: an empty object, so anything sent along is refused rather than ignored.
    await readJsonBody(request, emptyBodySchema, 1024);
    const proposed = await proposePolicyVersion(audit, user, String(params.versionId ?? ""));
    return Response.json({ version: proposed }, { headers: NO_STORE });
  },
);
