// GET /api/transactions/{transactionId}/evidence — one payment's evidence for auditors (JSON download), masked as the
// person's role sees it; POST — the same unmasked, with a stated reason (audited like a reveal) (lib/evidence)
import { downloadEvidence, revealEvidence } from "@/lib/server/evidence/download-evidence";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { transactionIdFrom } from "@/lib/server/transactions/events";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { evidenceRevealBodySchema } from "@/lib/universal/evidence/evidence-reveal";
import type { PaymentEvidence } from "@/lib/universal/evidence/payment-evidence-types";

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

export const GET = consoleRoute(
  CONSOLE_API["GET /api/transactions/[transactionId]/evidence"],
  async ({ params, audit, user }) => {
    const transactionId = transactionIdFrom(params.transactionId);
    return evidenceFile(transactionId, await downloadEvidence(audit, user, transactionId));
  },
);

export const POST = consoleRoute(
  CONSOLE_API["POST /api/transactions/[transactionId]/evidence"],
  async ({ request, params, audit, user }) => {
    const transactionId = transactionIdFrom(params.transactionId);
    const body = await readJsonBody(request, evidenceRevealBodySchema, 8 * 1024);
    return evidenceFile(transactionId, await revealEvidence(audit, user, transactionId, body));
  },
);
