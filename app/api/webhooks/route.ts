// POST /api/webhooks — inbound payment API events: verify the signature, store once, answer approvals

import { recordArrivalThresholds } from "@/lib/server/approvals/two-approvers";
import { getConsoleDatabase } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { runInEnvironment } from "@/lib/server/environments/current";
import { announce } from "@/lib/server/events/announce";
import { clientAddress } from "@/lib/server/http/client-address";
import { errorResponse } from "@/lib/server/http/errors";
import { readBodyExcerpt, readBodyText } from "@/lib/server/http/read-body";
import { newRequestId } from "@/lib/server/http/request-id";
import { log } from "@/lib/server/log/logger";
import { queueStayOf } from "@/lib/server/policies/evaluations";
import { answerPendingPayment } from "@/lib/server/webhooks/approval-policy";
import {
  checkEnvironmentSignatureHeader,
  verifyEnvironmentSignature,
} from "@/lib/server/webhooks/environment-signature";
import {
  claimWebhook,
  parseWebhook,
  recordWebhookAnswer,
  storeVerifiedWebhook,
} from "@/lib/server/webhooks/inbox";
import { announceRejection } from "@/lib/server/webhooks/rejection-announcements";
import { REJECTION_LIMITS, recordRejection } from "@/lib/server/webhooks/rejections";
import type { Environment } from "@/lib/universal/auth/permissions";
import type { ParsedWebhook } from "@/lib/universal/webhooks/parse-webhook";
import { ApiError } from "@/shared/api-error";
import type { VerificationFailure } from "@/shared/webhook-signature";

export const dynamic = "force-dynamic";

const MAX_WEBHOOK_BYTES = 1024 * 1024;

export async function POST(request: Request): Promise<Response> {
  const requestId = newRequestId();
  try {
    const e = env();
    const signature = request.headers.get(e.WEBHOOK_SIGNATURE_HEADER);
    // Without a usable signature header the delivery fails whatever its body: only its first bytes are kept.
    const header = checkEnvironmentSignatureHeader(e, signature);
    if (!header.valid) {
      const body = await readBodyExcerpt(request, MAX_WEBHOOK_BYTES, REJECTION_LIMITS.excerptBytes);
      return await reject(request, header.reason, body);
    }
    // The exact bytes are verified: parsing and re-serialising first would change them.
    const rawBody = await readBodyText(request, MAX_WEBHOOK_BYTES);
    // The key that verifies names the environment that sent it: its decision reads that environment's API.
    const verification = verifyEnvironmentSignature(e, rawBody, signature);
    if (!verification.valid) {
      const bytes = Buffer.from(rawBody);
      return await reject(request, verification.reason, { excerpt: bytes, bytes: bytes.byteLength });
    }
    return await runInEnvironment(verification.environment, () =>
      receive(rawBody, verification.environment, requestId),
    );
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error, { "x-request-id": requestId });
    log.error("webhooks", "could not process a delivery", { requestId, error });
    return errorResponse(
      new ApiError(503, "UNAVAILABLE", "The webhook could not be stored; deliver it again."),
      { "x-request-id": requestId },
    );
  }
}

/** A verified delivery of `environment`'s: stored once in its inbox, a pending payment decided. */
async function receive(rawBody: string, environment: Environment, requestId: string): Promise<Response> {
  const webhook = parseWebhook(rawBody);
  if (!webhook) {
    return errorResponse(new ApiError(400, "INVALID_INPUT", "The body is not a webhook event."));
  }
  let answer: { status: number; body: Record<string, unknown> } = RECEIVED;
  if (!webhook.isPendingIncomingPayment) {
    const stored = await storeVerifiedWebhook(webhook, rawBody, answer, environment);
    if (!stored) return Response.json(DUPLICATE, { status: 200 });
  } else {
    // A pending payment is decided once, ever (issue 46 item 10): the delivery claims its webhookId before any
    // evaluation, so a repeat (even a simultaneous one) is "already processed" (409, api-notes §3), never a second
    // decision (a 200 would read as an approval); a second webhookId naming the same payment finds the payment's
    // own claim taken and is answered the same.
    const claimed = await claimWebhook(webhook, rawBody, DECIDING, environment);
    if (claimed === null) return Response.json(DUPLICATE, { status: 409 });
    try {
      // The two-person rule it arrives under stays its rule (issue 46 item 1), whatever the rule becomes later.
      if (webhook.transactionId) await recordArrivalThresholds(webhook.transactionId);
      answer = (await answerPendingPayment(webhook, requestId)) ?? { status: 409, body: DUPLICATE };
    } catch (error) {
      // Claimed, so never delivered again (a pending payment's webhook is not retried): an error now must not fail
      // the payment, as any answer but 200, 202, 403, 409 or 422 would. It is held for people.
      log.error("webhooks", "a pending payment could not be decided; held for people", {
        requestId,
        transactionId: webhook.transactionId,
        error,
      });
      answer = HELD_AFTER_FAILURE;
    }
    // The answer stands whether or not its copy in the inbox is written.
    await recordWebhookAnswer(claimed, answer).catch((error: unknown) => {
      log.error("webhooks", "a pending payment's answer was not stored", { requestId, error });
    });
  }
  // A pending payment the policies approved or rejected is no news yet: it leaves the queue as the API applies the
  // answer, and that event (COMPLETED or REJECTED) is announced. Announced now, a queue read before the API has the
  // answer would show it for a moment as waiting for people.
  const decidedAtOnce = webhook.isPendingIncomingPayment && (answer.status === 200 || answer.status === 403);
  if (decidedAtOnce) return Response.json(answer.body, { status: answer.status });
  await announce({
    kind: "webhook",
    environment,
    webhookId: webhook.webhookId,
    type: webhook.type,
    transactionId: webhook.transactionId,
    transactionStatus: webhook.transactionStatus,
    failureReason: webhook.failureReason,
    ...(await queueStay(webhook)),
  });
  return Response.json(answer.body, { status: answer.status });
}

/**
 * Whether a later event's incoming payment waited in the approval queue, for the queues open in browsers: one the
 * policies decided as it arrived is not told as leaving it, nor is one this console never held. Unknown (the
 * database unreachable, or never evaluated here) says nothing.
 */
async function queueStay(webhook: ParsedWebhook): Promise<{ queue?: "held" | "never" }> {
  if (webhook.type !== "INCOMING_PAYMENT" || webhook.isPendingIncomingPayment || !webhook.transactionId)
    return {};
  const stay = await queueStayOf(webhook.transactionId).catch(() => undefined);
  return stay ? { queue: stay } : {};
}

const RECEIVED = { status: 200, body: { received: true } };
const DUPLICATE = { received: true, duplicate: true };
// The answer a claimed delivery holds while its decision is made: held, which is what it comes to if none is made.
const DECIDING = { status: 202, body: { status: "DECIDING" } };
const HELD_AFTER_FAILURE = {
  status: 202,
  body: {
    status: "HELD_FOR_REVIEW",
    message: "The payment is held for review by the platform's compliance team.",
  },
};

/**
 * A delivery that failed verification: counted, stored while its address is within its limit, announced at most
 * about once a second (lib/server/webhooks/rejections.ts, rejection-announcements.ts), and refused with 401 either way.
 */
async function reject(
  request: Request,
  reason: VerificationFailure,
  body: { excerpt: Uint8Array; bytes: number },
): Promise<Response> {
  await recordRejection(getConsoleDatabase(), {
    address: clientAddress(request.headers),
    reason,
    excerpt: body.excerpt,
    bodyBytes: body.bytes,
  });
  await announceRejection();
  return errorResponse(
    new ApiError(401, "UNAUTHORIZED", "The webhook signature is missing or does not verify."),
  );
}
