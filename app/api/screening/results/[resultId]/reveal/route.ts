// POST /api/screening/results/[resultId]/reveal — the screening with one masked field of the sender compared
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { revealScreeningField } from "@/lib/server/screening/reveal-screening";
import { screeningRevealBodySchema } from "@/lib/universal/console-api/bodies";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/screening/results/[resultId]/reveal"],
  async ({ request, audit, user, params }) => {
    const body = await readJsonBody(request, screeningRevealBodySchema, 8 * 1024);
    const revealed = await revealScreeningField(audit, user, String(params.resultId ?? ""), body);
    return Response.json(revealed, { headers: NO_STORE });
  },
);
