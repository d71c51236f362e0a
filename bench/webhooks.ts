import { createPrivateKey, createSign, randomUUID } from "node:crypto";
import pg from "pg";
import { load } from "./support/load";
import { cpuMillisOf } from "./support/memory";
import { databaseUrl, webhookPrivateKeyPem } from "./support/secrets";
import { CONSOLE_ORIGIN } from "./support/stack";
import type { BenchContext } from "./types";

export interface WebhookResult {
  connections: number;
  durationSeconds: number;
  sent: number;
  accepted: number;
  stored: number;
  storedPerSecond: number;
  p50: number;
  p99: number;
  consoleCpuPerDelivery: number;
}

const SIGNATURE_HEADER = "X-Service-Signature";

/**
 * Webhook receiver: signed INCOMING_PAYMENT deliveries (a completed payment each, a fresh webhookId each) posted to
 * the console's /api/webhooks by autocannon, which signs every body as the service does (ECDSA P-256 over the
 * exact bytes). The rate counts deliveries the console acknowledged (2xx), each checked afterwards to be a row of
 * its inbox.
 */
export async function runWebhooks(context: BenchContext): Promise<WebhookResult> {
  const connections = 32;
  const durationSeconds = context.quick ? 5 : 20;
  const key = createPrivateKey(webhookPrivateKeyPem());
  const run = `bench-${randomUUID().slice(0, 8)}`;
  let sequence = 0;
  const nextDelivery = () => {
    sequence++;
    const now = new Date().toISOString();
    const body = JSON.stringify({
      webhookId: `${run}-${sequence}`,
      type: "INCOMING_PAYMENT",
      timestamp: now,
      transaction: {
        id: `Transaction:${randomUUID()}`,
        status: "COMPLETED",
        type: "INCOMING",
        destination: {
          destinationType: "ACCOUNT",
          accountId: `InternalAccount:${randomUUID()}`,
          currency: "USD",
        },
        customerId: `Customer:${randomUUID()}`,
        platformCustomerId: `bench-webhook-${sequence}`,
        source: { sourceType: "UMA_ADDRESS", umaAddress: "$success.usd@sandbox.uma.money", currency: "USD" },
        sentAmount: {
          amount: 12_345,
          currency: { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 },
        },
        receivedAmount: {
          amount: 12_345,
          currency: { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 },
        },
        settledAt: now,
        createdAt: now,
        updatedAt: now,
        counterpartyInformation: { FULL_NAME: "Alex Sandbox Rivera" },
        reconciliationInstructions: { reference: `TXN-${sequence}` },
        exchangeRate: 1,
        fees: 0,
      },
    });
    const signature = createSign("sha256")
      .update(body, "utf8")
      .sign({ key, dsaEncoding: "der" })
      .toString("base64");
    return {
      body,
      headers: {
        [SIGNATURE_HEADER]: JSON.stringify({ v: "1", s: signature }),
        "content-type": "application/json",
      },
    };
  };

  const url = `${CONSOLE_ORIGIN}/api/webhooks`;
  await load({ url, method: "POST", connections, durationSeconds: 2, nextRequest: nextDelivery });
  const consoleBefore = cpuMillisOf(context.stack.consolePid);
  const sentBefore = sequence;
  const result = await load({ url, method: "POST", connections, durationSeconds, nextRequest: nextDelivery });
  const consoleCpu = cpuMillisOf(context.stack.consolePid) - consoleBefore;

  const client = new pg.Client({ connectionString: databaseUrl("console") });
  await client.connect();
  let stored = 0;
  try {
    const counted = await client.query<{ count: number }>(
      `select count(*)::int as count from webhook_events
        where webhook_id like $1 and split_part(webhook_id, '-', 3)::int > $2`,
      [`${run}-%`, sentBefore],
    );
    stored = counted.rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
  const accepted = result.total - result.failures;
  // Deliveries still in flight when the run ends may be stored without being counted as answered, never fewer.
  if (stored < accepted) throw new Error(`only ${stored} of ${accepted} acknowledged deliveries were stored`);
  context.log(
    `webhooks: ${accepted} acknowledged, ${stored} stored, ${(accepted / result.durationSeconds).toFixed(0)}/s`,
  );
  return {
    connections,
    durationSeconds: result.durationSeconds,
    sent: result.total,
    accepted,
    stored,
    storedPerSecond: accepted / result.durationSeconds,
    p50: result.p50,
    p99: result.p99,
    consoleCpuPerDelivery: consoleCpu / Math.max(1, result.total),
  };
}
