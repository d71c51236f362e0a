// POST /api/webhooks/check — the signature checker: does this body and header verify, and if not, why
import { z } from "zod";
import { currentWebhookPublicKey } from "@/lib/server/environments/webhook-key";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { diagnoseWebhookSignature } from "@/lib/server/webhooks/diagnose";

export const dynamic = "force-dynamic";

const MAX_CHECK_BYTES = 1024 * 1024 + 16 * 1024;

const checkSignatureBodySchema = z.strictObject({
  rawBody: z.string().max(1024 * 1024, "At most 1 MB, the largest webhook the console accepts"),
  header: z.string().max(8 * 1024, "At most 8 KB"),
});

// A POST only to carry a body of up to a megabyte; it changes nothing, so everyone who reads may use it.
export const POST = consoleRoute(
  { permission: "read", action: "webhooks.signature_check" },
  async ({ request }) => {
    const input = await readJsonBody(request, checkSignatureBodySchema, MAX_CHECK_BYTES);
    const diagnosis = diagnoseWebhookSignature({ ...input, publicKeyPem: currentWebhookPublicKey() });
    return Response.json(diagnosis, { headers: NO_STORE });
  },
);
