import "server-only";
import { z } from "zod";
import { platformConfigSchema } from "../../../shared/contract";
import {
  type DeliveryAttempt,
  type EndpointHealth,
  judgeEndpoint,
  previousEndpoint,
} from "../../universal/config/endpoint-health";
import { env } from "../env";
import { log } from "../log/logger";
import { readApi } from "../payment-api/read";
import { readAnswerText, relayToPaymentApi } from "../payment-api/transport";
import { listConfigHistory } from "./list-history";

const deliveriesSchema = z.object({
  data: z.array(
    z.object({
      attempts: z.array(
        z.object({
          url: z.string(),
          attemptedAt: z.string(),
          statusCode: z.number().nullable(),
          error: z.string().nullable().optional(),
        }),
      ),
    }),
  ),
});

/**
 * The payment API's latest delivery attempts, where the console can read them (the local service reports them; a
 * deployment of the API does not, and its endpoint is then judged "unknown"). Never fails the caller.
 */
async function recentAttempts(requestId: string): Promise<DeliveryAttempt[]> {
  if (!env().LOCAL_SERVICE) return [];
  try {
    const answer = await relayToPaymentApi({
      method: "GET",
      path: "/_local/webhook-deliveries?limit=50",
      headers: {},
      local: true,
      timeoutMs: env().PAYMENT_API_TIMEOUT_MS,
    });
    const text = await readAnswerText(answer);
    if (answer.status !== 200) return [];
    const parsed = deliveriesSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return [];
    return parsed.data.data.flatMap((delivery) =>
      delivery.attempts.map((attempt) => ({ ...attempt, error: attempt.error ?? null })),
    );
  } catch (error) {
    log.warn("config", "could not read the webhook deliveries", { requestId, error });
    return [];
  }
}

/**
 * Whether the configured webhook endpoint answers the payment API now (its latest delivery attempt), and the
 * endpoint it replaced (the configuration's history), for /config and the overview to say after a reload what the
 * save said: while it does not answer, incoming payments fail.
 */
export async function webhookEndpointHealth(requestId: string): Promise<EndpointHealth> {
  const [config, attempts] = await Promise.all([
    readApi("/config", platformConfigSchema),
    recentAttempts(requestId),
  ]);
  const endpoint = config.webhookEndpoint || null;
  const judged = judgeEndpoint(endpoint, attempts);
  if (judged.state !== "not-answering") return { endpoint, ...judged, previous: null };
  // Only then the history, for the endpoint to put back (without noticing outside changes: the history's own
  // reading does that).
  const history = await listConfigHistory({ limit: 50 }, requestId, { noticeOutside: false }).catch(
    (error: unknown) => {
      log.warn("config", "could not read the configuration's history", { requestId, error });
      return { data: [] };
    },
  );
  return {
    endpoint,
    ...judged,
    previous: previousEndpoint(
      endpoint,
      history.data.map((entry) => entry.summary),
    ),
  };
}
