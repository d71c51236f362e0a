import { currentWebhookPublicKey } from "@/lib/server/environments/webhook-key";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { diagnoseWebhookSignature } from "@/lib/server/webhooks/diagnose";
import { checkSignatureBodySchema } from "@/lib/universal/console-api/bodies";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

const MAX_CHECK_BYTES = 1024 * 1024 + 16 * 1024;

// A POST only to carry a body of up to a megabyte; it changes nothing, so everyone who reads may use it.
export const POST = consoleRoute(CONSOLE_API["POST /api/webhooks/check"], async ({ request }) => {
  const input = await readJsonBody(request, checkSignatureBodySchema, MAX_CHECK_BYTES);
  const diagnosis = diagnoseWebhookSignature({ ...input, publicKeyPem: currentWebhookPublicKey() });
  return Response.json(diagnosis, { headers: NO_STORE });
});
