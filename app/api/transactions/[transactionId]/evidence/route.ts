// GET /api/transactions/{transactionId}/evidence — one payment's evidence for auditors (JSON download): the webhooks
// as received, the decisions, the API's state and the audit rows with their chain hashes (lib/evidence)
import { auditedAction } from "@/lib/audit/log";
import { paymentEvidence } from "@/lib/evidence/payment-evidence";
import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { transactionIdFrom } from "@/lib/transactions/events";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(
  { permission: "audit.read", action: "evidence.download" },
  async ({ params, audit, user }) => {
    const transactionId = transactionIdFrom(params.transactionId);
    // Handing out what the webhooks carried (personal data) is itself recorded.
    const evidence = await auditedAction(
      { ...audit, action: "evidence.download", targetId: transactionId, summary: {} },
      () => paymentEvidence(transactionId, user),
    );
    const file = `evidence-${transactionId.replace(/[^A-Za-z0-9-]/g, "_")}.json`;
    return new Response(`${JSON.stringify(evidence, null, 2)}\n`, {
      headers: {
        ...NO_STORE,
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="${file}"`,
      },
    });
  },
);
