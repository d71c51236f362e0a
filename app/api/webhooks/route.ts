// POST /api/webhooks — inbound payment API events: verify the signature, store once, answer approvals
import { env } from "@/lib/env";
import { announce } from "@/lib/events/announce";
import { ConsoleError, errorResponse } from "@/lib/http/errors";
import { readBodyText } from "@/lib/http/read-body";
import { requestIdFrom } from "@/lib/http/request-id";
import { log } from "@/lib/log/logger";
import { answerPendingPayment } from "@/lib/webhooks/approval-policy";
import { parseWebhook, recordRejectedWebhook, storeVerifiedWebhook } from "@/lib/webhooks/inbox";
import { verifyWebhookSignature } from "@/lib/webhooks/signature";

export const dynamic = "force-dynamic";

const MAX_WEBHOOK_BYTES = 1024 * 1024;

export async function POST(request: Request): Promise<Response> {
  const requestId = requestIdFrom(request.headers);
  try {
    const e = env();
    // The exact bytes are verified: parsing and re-serialising first would change them.
    const rawBody = await readBodyText(request, MAX_WEBHOOK_BYTES);
    const signature = request.headers.get(e.WEBHOOK_SIGNATURE_HEADER);
    const verification = verifyWebhookSignature(e.WEBHOOK_PUBLIC_KEY, rawBody, signature);
    if (!verification.valid) {
      await recordRejectedWebhook(rawBody, verification.reason);
      await announce({ kind: "webhook", webhookId: "unverified", type: "UNVERIFIED" });
      return errorResponse(
        new ConsoleError(401, "UNAUTHORIZED", "The webhook signature is missing or does not verify."),
      );
    }
    const webhook = parseWebhook(rawBody);
    if (!webhook) {
      return errorResponse(new ConsoleError(400, "INVALID_INPUT", "The body is not a webhook event."));
    }
    const answer = webhook.isPendingIncomingPayment
      ? answerPendingPayment()
      : { status: 200 as const, body: { received: true } };
    const stored = await storeVerifiedWebhook(webhook, rawBody, answer);
    if (!stored) {
      return Response.json({ received: true, duplicate: true }, { status: 200 });
    }
    await announce({
      kind: "webhook",
      webhookId: webhook.webhookId,
      type: webhook.type,
      transactionId: webhook.transactionId,
      transactionStatus: webhook.transactionStatus,
      failureReason: webhook.failureReason,
    });
    return Response.json(answer.body, { status: answer.status });
  } catch (error) {
    if (error instanceof ConsoleError) return errorResponse(error, { "x-request-id": requestId });
    log.error("webhooks", "could not process a delivery", { requestId, error });
    return errorResponse(
      new ConsoleError(503, "UNAVAILABLE", "The webhook could not be stored; deliver it again."),
      { "x-request-id": requestId },
    );
  }
}
