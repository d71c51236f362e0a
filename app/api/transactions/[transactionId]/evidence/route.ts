// GET /api/transactions/{transactionId}/evidence — one payment's evidence for auditors (JSON download), masked as the
// person's role sees it; POST — the same unmasked, with a stated reason (audited like a reveal) (lib/evidence)
import { auditedAction } from "@/lib/server/audit/log";
import { currentEnvironment } from "@/lib/server/environments/current";
import { type PaymentEvidence, paymentEvidence } from "@/lib/server/evidence/payment-evidence";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { transactionIdFrom } from "@/lib/server/transactions/events";
import { decide } from "@/lib/universal/auth/permissions";
import { evidenceRevealBodySchema } from "@/lib/universal/evidence/evidence-reveal";
import { ApiError } from "@/shared/api-error";

export const dynamic = "force-dynamic";

function evidenceFile(transactionId: string, evidence: PaymentEvidence): Response {
  const file = `evidence-${transactionId.replace(/[^A-Za-z0-9-]/g, "_")}.json`;
  return new Response(`${JSON.stringify(evidence, null, 2)}\n`, {
    headers: {
      ...NO_STORE,
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${file}"`,
    },
  });
}

const fieldsOf = (evidence: PaymentEvidence) =>
  evidence.personalData.form === "masked"
    ? evidence.personalData.maskedFields
    : evidence.personalData.unmaskedFields;

export const GET = consoleRoute(
  { permission: "audit.read", action: "evidence.download" },
  async ({ params, audit, user }) => {
    const transactionId = transactionIdFrom(params.transactionId);
    // Handing out what the webhooks carried is itself recorded, with the fields the role's mask hid.
    const evidence = await auditedAction(
      { ...audit, action: "evidence.download", targetId: transactionId, summary: { masked: true } },
      () => paymentEvidence(transactionId, user),
      (result) => ({ summary: { maskedFields: fieldsOf(result) } }),
    );
    return evidenceFile(transactionId, evidence);
  },
);

export const POST = consoleRoute(
  { permission: "audit.read", action: "evidence.reveal" },
  async ({ request, params, audit, user }) => {
    const transactionId = transactionIdFrom(params.transactionId);
    const { justification, form } = await readJsonBody(request, evidenceRevealBodySchema, 8 * 1024);
    const evidence = await auditedAction(
      { ...audit, action: "evidence.reveal", targetId: transactionId, summary: { form, justification } },
      async () => {
        // Unmasking is a reveal: the roles that may reveal a field may unmask the evidence, no one else.
        const reveal = decide(user.role, "approvals.decide", currentEnvironment());
        if (!reveal.allowed) {
          throw new ApiError(403, "FORBIDDEN", "Only compliance officers and admins reveal personal data.");
        }
        return paymentEvidence(transactionId, user, { unmasked: true });
      },
      (result) => ({ summary: { fields: fieldsOf(result) } }),
    );
    return evidenceFile(transactionId, evidence);
  },
);
