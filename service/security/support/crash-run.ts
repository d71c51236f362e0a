import { createServiceDatabase } from "../../db/client";
import { checkLedger } from "../../test-support/ledger-invariants";
import { connectServiceApi } from "../../test-support/service";
import { startWebhookReceiver } from "../../test-support/webhook-receiver";
import { freePort } from "../../tools/free-port";
import {
  ackViolations,
  type LoadStats,
  newAcks,
  newStats,
  prepareMoneyWorld,
  randomSource,
  runLoad,
} from "./money-world";
import { ServiceProcess } from "./service-process";

export interface CrashOptions {
  /** An empty database for the service. */
  databaseUrl: string;
  kills: number;
  /** Concurrent clients of the load. */
  clients: number;
  /** The load runs a random time in this range (ms) before each kill. */
  loadMs: [number, number];
  /** How long to wait after a restart for every pending webhook to be delivered. */
  webhookWaitMs: number;
  seed: number;
  customers?: number;
  log?: (line: string) => void;
}

export interface CrashReport {
  kills: number;
  operations: number;
  requests: number;
  /** Requests cut off by a kill: their outcome is unknown, so they are checked only for "at most once". */
  inDoubt: number;
  acknowledged: { transactions: number; quotes: number; decisions: number; fundings: number };
  webhookEvents: number;
  webhooksDelivered: number;
  /** Deliveries of an event the receiver had already seen (the service died before recording the first). */
  webhookRedeliveries: number;
  /** Seconds from each kill until the service answered again. */
  restartSeconds: number[];
  /** Seconds from each restart until every retryable webhook was delivered. */
  webhookSettleSeconds: number[];
  durationMs: number;
  /** Empty when nothing was lost or doubled; one line per broken invariant otherwise. */
  violations: string[];
  load: LoadStats;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type EventRow = { id: string; type: string; status: string; retryable: boolean; runnable: boolean };

/**
 * Runs the real service process under a load of money operations, kills it with SIGKILL at random moments and
 * starts it again; after each restart checks the ledger invariants, that every acknowledged write is there
 * exactly once, and that the webhooks pending at the kill are delivered (or, within the wait, still queued
 * with a job that will run: nothing lost).
 */
export async function runCrashScenario(options: CrashOptions): Promise<CrashReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const random = randomSource(options.seed);
  const violations: string[] = [];
  const acks = newAcks();
  const stats = newStats();
  const restartSeconds: number[] = [];
  const webhookSettleSeconds: number[] = [];
  const receiver = await startWebhookReceiver();
  // Approval requests are answered "decide later", so the load's approve/reject calls decide; the rest 200.
  // A short hold keeps deliveries in flight, so some kills land in the middle of one.
  receiver.respondWith((webhook) => {
    const transaction = webhook.body.transaction as { status?: string } | undefined;
    const pendingApproval = webhook.body.type === "INCOMING_PAYMENT" && transaction?.status === "PENDING";
    return { status: pendingApproval ? 202 : 200, delayMs: random.int(0, 80) };
  });
  const service = new ServiceProcess(options.databaseUrl, await freePort());
  const db = createServiceDatabase(options.databaseUrl, { max: 4 });
  try {
    await service.start();
    const api = connectServiceApi(service.origin, service.authorization);
    const world = await prepareMoneyWorld(api, {
      customers: options.customers ?? 6,
      webhookEndpoint: receiver.url,
    });
    for (let kill = 1; kill <= options.kills; kill++) {
      let stopped = false;
      const load = runLoad(
        api,
        world,
        { clients: options.clients, seed: options.seed + kill, stop: () => stopped },
        acks,
        stats,
      );
      await sleep(random.int(options.loadMs[0], options.loadMs[1]));
      await service.kill();
      const killedAt = Date.now();
      stopped = true;
      await load;
      await service.start();
      restartSeconds.push((Date.now() - killedAt) / 1000);
      const [{ now: restartedAt } = { now: new Date() }] = (
        await db.pool.query<{ now: Date }>("select now() as now")
      ).rows;

      const found = [
        ...(await checkLedger(db)).violations,
        ...(await ackViolations(db.pool, acks)),
        ...(await webhookViolations(db.pool, receiver.received, restartedAt, options.webhookWaitMs, (s) =>
          webhookSettleSeconds.push(s),
        )),
      ];
      violations.push(...found.map((line) => `after kill ${kill}: ${line}`));
      log(
        `kill ${kill}/${options.kills}: ${stats.operations} operations, ${stats.inDoubt} in doubt, ` +
          `restart ${restartSeconds.at(-1)?.toFixed(1)} s, ${found.length} violations`,
      );
    }
    violations.push(...stats.problems.map((problem) => `unexpected answer: ${problem}`));
    const events = await db.pool.query<{ total: string; delivered: string }>(
      "select count(*)::text as total, count(*) filter (where status = 'DELIVERED')::text as delivered from webhook_events",
    );
    const seen = new Map<string, number>();
    for (const webhook of receiver.received) {
      const id = String(webhook.body.webhookId);
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    return {
      kills: options.kills,
      operations: stats.operations,
      requests: stats.requests,
      inDoubt: stats.inDoubt,
      acknowledged: {
        transactions: acks.transactions.size,
        quotes: acks.quotes.size,
        decisions: acks.decisions.size,
        fundings: [...acks.funds.values()].reduce((sum, record) => sum + record.acked, 0),
      },
      webhookEvents: Number(events.rows[0]?.total ?? 0),
      webhooksDelivered: Number(events.rows[0]?.delivered ?? 0),
      webhookRedeliveries: [...seen.values()].reduce((sum, n) => sum + n - 1, 0),
      restartSeconds,
      webhookSettleSeconds,
      durationMs: Date.now() - started,
      violations,
      load: stats,
    };
  } finally {
    await service.stop();
    await receiver.close();
    await db.pool.end();
  }
}

/**
 * Waits (bounded) until no webhook event is PENDING and every retryable one is DELIVERED. Whatever is still
 * pending then must be on its way: a job that can run (not locked by the killed process, attempts left), else
 * it is lost. A DELIVERED event must have reached the receiver.
 */
async function webhookViolations(
  pool: ReturnType<typeof createServiceDatabase>["pool"],
  received: { body: Record<string, unknown> }[],
  restartedAt: Date,
  waitMs: number,
  settled: (seconds: number) => void,
): Promise<string[]> {
  const query = async () =>
    (
      await pool.query<EventRow>(
        `select e.id, e.type, e.status, e.retryable,
                exists (select 1 from graphile_worker._private_jobs j
                          join graphile_worker._private_tasks t on t.id = j.task_id
                         where t.identifier = 'deliver_webhook' and j.payload->>'webhookId' = e.id
                           and j.attempts < j.max_attempts
                           and (j.locked_at is null or j.locked_at >= $1)) as runnable
           from webhook_events e where e.status <> 'DELIVERED'`,
        [restartedAt],
      )
    ).rows;
  const waitStarted = Date.now();
  let open = await query();
  // Until nothing is pending any more (the approval requests too) and every retryable event is delivered.
  const unsettled = () => open.some((row) => row.status === "PENDING" || row.retryable);
  while (unsettled() && Date.now() - waitStarted < waitMs) {
    await sleep(250);
    open = await query();
  }
  const violations: string[] = [];
  if (!unsettled()) settled((Date.now() - waitStarted) / 1000);
  for (const row of open) {
    if (row.status === "PENDING" && !row.runnable) {
      violations.push(`webhook ${row.id} (${row.type}) is PENDING with no job that will run: lost`);
    } else if (row.status === "FAILED" && row.retryable) {
      violations.push(`retryable webhook ${row.id} (${row.type}) FAILED though the receiver answers 2xx`);
    }
  }
  const seen = new Set(received.map((webhook) => String(webhook.body.webhookId)));
  const delivered = await pool.query<{ id: string }>(
    "select id from webhook_events where status = 'DELIVERED'",
  );
  const unseen = delivered.rows.filter((row) => !seen.has(row.id));
  for (const row of unseen.slice(0, 5)) violations.push(`webhook ${row.id} is DELIVERED but never arrived`);
  return violations;
}
