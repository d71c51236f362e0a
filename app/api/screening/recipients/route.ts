// POST /api/screening/recipients — the holder of an external account about to be paid, screened once, in one line

import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { screenRecipientFor } from "@/lib/server/screening/screen-recipient";
import { recipientScreeningBodySchema } from "@/lib/universal/console-api/bodies";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/screening/recipients"],
  async ({ request, audit }) => {
    const { accountId, customerIds } = await readJsonBody(request, recipientScreeningBodySchema, 1024);
    return Response.json(await screenRecipientFor(accountId, audit, customerIds), { headers: NO_STORE });
  },
);
