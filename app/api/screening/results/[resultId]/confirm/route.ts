// POST /api/screening/results/[resultId]/confirm — a potential match confirmed by two officers; a payment is then rejected
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { maskedFor } from "@/lib/server/privacy/visibility";
import { confirmHit } from "@/lib/server/screening/confirm";
import { screeningConfirmBodySchema } from "@/lib/universal/console-api/bodies";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/screening/results/[resultId]/confirm"],
  async ({ request, audit, user, params }) => {
    const body = await readJsonBody(request, screeningConfirmBodySchema, 8 * 1024);
    const confirmed = await confirmHit(audit, user, String(params.resultId ?? ""), body);
    return Response.json(await maskedFor(user.role, confirmed), { headers: NO_STORE });
  },
);
