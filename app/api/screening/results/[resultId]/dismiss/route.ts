// POST /api/screening/results/[resultId]/dismiss — one potential match dismissed as a false positive, with a reason
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { maskedFor } from "@/lib/server/privacy/visibility";
import { dismissHit } from "@/lib/server/screening/dismiss";
import { screeningDismissBodySchema } from "@/lib/universal/console-api/bodies";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/screening/results/[resultId]/dismiss"],
  async ({ request, audit, user, params }) => {
    const body = await readJsonBody(request, screeningDismissBodySchema, 8 * 1024);
    const dismissed = await dismissHit(audit, user, String(params.resultId ?? ""), body);
    return Response.json(await maskedFor(user.role, dismissed), { headers: NO_STORE });
  },
);
