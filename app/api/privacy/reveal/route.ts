// POST /api/privacy/reveal — one masked field of a payment's counterparty data, with the reason audited
import { auditedAction } from "@/lib/audit/log";
import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/json-body";
import { counterpartyField, revealBodySchema } from "@/lib/privacy/reveal";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  { permission: "approvals.decide", action: "privacy.reveal" },
  async ({ request, audit }) => {
    const { transactionId, field, justification } = await readJsonBody(request, revealBodySchema, 8 * 1024);
    const value = await auditedAction(
      { ...audit, action: "privacy.reveal", targetId: transactionId, summary: { field, justification } },
      () => counterpartyField(transactionId, field),
    );
    return Response.json({ transactionId, field, value }, { headers: NO_STORE });
  },
);
