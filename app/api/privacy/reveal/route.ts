// POST /api/privacy/reveal — one masked field of a payment's counterparty data, with the reason audited
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { revealField } from "@/lib/server/privacy/reveal-field";
import { revealBodySchema } from "@/lib/universal/console-api/bodies";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(CONSOLE_API["POST /api/privacy/reveal"], async ({ request, audit }) => {
  const body = await readJsonBody(request, revealBodySchema, 8 * 1024);
  const value = await revealField(audit, body);
  return Response.json(
    { transactionId: body.transactionId, field: body.field, value },
    { headers: NO_STORE },
  );
});
