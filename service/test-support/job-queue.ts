import type pg from "pg";
import { eventually } from "./payment-fixtures";

/**
 * Jobs the worker has still to finish now: one it is running (locked), or one whose time has come with an attempt
 * left. A job finishes by leaving the queue, after its task (a delivery and the handling of its reply, a payment
 * step, an import batch) returned. Jobs scheduled for later (a retry's backoff, a time-out) do not count, nor a job
 * that used its last attempt. Read from graphile-worker's own tables: its public `jobs` view has no payload.
 */
const BUSY_JOBS = `
  select count(*)::int as busy
    from graphile_worker._private_jobs j
    join graphile_worker._private_tasks t on t.id = j.task_id
   where (j.locked_at is not null or (j.run_at <= now() and j.attempts < j.max_attempts))
     and ($1::text is null
          or (t.identifier = 'payment_step' and j.payload->>'transactionId' = $1)
          or (t.identifier = 'deliver_webhook'
              and j.payload->>'webhookId' in (select id from webhook_events where transaction_id = $1)))`;

async function busyJobs(pool: pg.Pool, transactionId: string | null): Promise<number> {
  const { rows } = await pool.query<{ busy: number }>(BUSY_JOBS, [transactionId]);
  return rows[0]?.busy ?? 0;
}

/**
 * Resolves once the worker has finished every job that is due: what the service queued so far has run to its
 * end, so a test may then assert what did not happen. Fails after `timeoutMs`.
 */
export async function waitForIdleQueue(pool: pg.Pool, timeoutMs = 10_000): Promise<void> {
  await eventually(async () => ((await busyJobs(pool, null)) === 0 ? true : undefined), timeoutMs);
}

/** waitForIdleQueue for one transaction's jobs: its webhooks' deliveries (with their replies) and its steps. */
export async function waitForTransactionJobs(
  pool: pg.Pool,
  transactionId: string,
  timeoutMs = 10_000,
): Promise<void> {
  await eventually(async () => ((await busyJobs(pool, transactionId)) === 0 ? true : undefined), timeoutMs);
}
