// POST /api/webhooks/check — the signature checker: does this body and header verify, and if not, why
import { z } from "zod";
import { zodIssuesToFieldErrors } from "@/lib/contract";
import { env } from "@/lib/env";
import { consoleRoute } from "@/lib/http/console-route";
import { ConsoleError, NO_STORE } from "@/lib/http/errors";
import { readBodyText } from "@/lib/http/read-body";
import { diagnoseWebhookSignature } from "@/lib/webhooks/diagnose";

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
    let body: unknown;
    try {
      body = JSON.parse(await readBodyText(request, MAX_CHECK_BYTES));
    } catch (error) {
      if (error instanceof ConsoleError) throw error;
      throw new ConsoleError(400, "INVALID_INPUT", "The request body is not valid JSON.");
    }
    const parsed = checkSignatureBodySchema.safeParse(body);
    if (!parsed.success) {
      throw new ConsoleError(
        400,
        "INVALID_INPUT",
        "Some fields are not valid.",
        zodIssuesToFieldErrors(parsed.error),
      );
    }
    const diagnosis = diagnoseWebhookSignature({ ...parsed.data, publicKeyPem: env().WEBHOOK_PUBLIC_KEY });
    return Response.json(diagnosis, { headers: NO_STORE });
  },
);
