import { eq } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { webhookEvents } from "../db/schema";
import { ApiError } from "../errors";
import { attemptDelivery, isDelivered } from "../webhooks/deliver";
import { recordWebhookEvent } from "../webhooks/enqueue";
import { getOrCreateConfig } from "./config";

/**
 * Sends a TEST event to the configured endpoint now and reports what it answered. It is recorded like every
 * delivery but never retried.
 */
export async function sendTestWebhook(context: ServiceContext, url?: string) {
  const config = await getOrCreateConfig(context);
  const target = url ?? config.webhookEndpoint;
  if (!target) {
    throw new ApiError(
      400,
      "WEBHOOK_ENDPOINT_NOT_SET",
      "No webhook endpoint is configured; set one with PATCH /config.",
    );
  }
  const event = await recordWebhookEvent(
    context.db,
    { type: "TEST", payload: { test: true }, retryable: false },
    context.clock.now(),
  );
  const result = await attemptDelivery(context, event, target);
  await context.db
    .update(webhookEvents)
    .set({
      attemptCount: 1,
      status: isDelivered(result.statusCode) ? "DELIVERED" : "FAILED",
      updatedAt: context.clock.now(),
    })
    .where(eq(webhookEvents.id, event.id));
  if (result.statusCode === null) {
    throw new ApiError(
      400,
      "WEBHOOK_DELIVERY_ERROR",
      `The webhook endpoint could not be reached: ${result.error}.`,
      {
        url: target,
      },
    );
  }
  return { url: target, response_status: result.statusCode, response_body: result.responseBody ?? "" };
}
