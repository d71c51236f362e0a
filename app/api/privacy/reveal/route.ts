// POST /api/privacy/reveal — one masked field of a payment's counterparty data, with the reason audited
import { auditedAction } from "@/lib/server/audit/log";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { counterpartyField, revealBodySchema } from "@/lib/server/transactions/reveal";

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
