import { Clock } from "../../service/clock";
import { loadServiceConfig } from "../../service/config";
import type { ServiceContext } from "../../service/context";
import { createServiceDatabase } from "../../service/db/client";
import { type HistoryApprovals, seedDemo, seedDemoPendingPayment } from "../../service/seed/demo";

async function withServiceContext<T>(
  serviceEnv: NodeJS.ProcessEnv,
  work: (context: ServiceContext) => Promise<T>,
  options: { quickCommits?: boolean } = {},
): Promise<T> {
  const config = loadServiceConfig(serviceEnv);
  const url = new URL(config.databaseUrl);
  // The demo's history is hundreds of small transactions on a platform nobody uses yet: they need not wait for
  // the disk one by one (a crash during the seed loses a demo, which the next start cannot redo either way).
  if (options.quickCommits) url.searchParams.set("options", "-c synchronous_commit=off");
  const db = createServiceDatabase(url.toString(), { max: 2 });
  try {
    const clock = new Clock(db);
    await clock.refresh();
    return await work({ config, db, clock });
  } finally {
    await db.pool.end();
  }
}

/**
 * Seeds the demo platform, with its 60 days of history, through the service's domain code when its database is
 * still empty; `approvals` (given the service) answers the history's approval webhooks (scripts/lib/demo-policy.ts).
 */
export function seedDemoIfEmpty(
  serviceEnv: NodeJS.ProcessEnv,
  webhookEndpoint: string,
  approvals?: (service: ServiceContext) => HistoryApprovals,
): Promise<boolean> {
  return withServiceContext(
    serviceEnv,
    (context) =>
      seedDemo(context, { webhookEndpoint, ...(approvals ? { approvals: approvals(context) } : {}) }),
    { quickCommits: true },
  );
}

/** The demo's payment waiting for approval, once the console can answer its webhook. */
export function seedDemoPendingPaymentNow(serviceEnv: NodeJS.ProcessEnv): Promise<void> {
  return withServiceContext(serviceEnv, (context) => seedDemoPendingPayment(context));
}

/**
 * Points a platform's webhooks at `endpoint` through the API, with the platform's own credential, when it has no
 * endpoint yet (one someone chose stays). Answers whether it set it. Errors name the status only, never the credential.
 */
export async function ensureWebhookEndpoint(
  apiBaseUrl: string,
  credential: { tokenId: string; clientSecret: string },
  endpoint: string,
): Promise<boolean> {
  const headers = {
    authorization: `Basic ${Buffer.from(`${credential.tokenId}:${credential.clientSecret}`).toString("base64")}`,
    "content-type": "application/json",
  };
  const current = await fetch(`${apiBaseUrl}/config`, { headers: { authorization: headers.authorization } });
  if (!current.ok) throw new Error(`GET /config answered ${current.status}`);
  const config = (await current.json()) as { webhookEndpoint?: string };
  if (config.webhookEndpoint) return false;
  const patched = await fetch(`${apiBaseUrl}/config`, {
    method: "PATCH",
    headers,
    body: JSON.stringify({ webhookEndpoint: endpoint }),
  });
  if (!patched.ok) throw new Error(`PATCH /config answered ${patched.status}`);
  return true;
}
