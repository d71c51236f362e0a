import pg from "pg";

/**
 * Jobs orphaned by a worker that died (SIGKILL, a crash, a lost machine) while running them.
 *
 * The queue locks a job while a worker runs it and counts the attempt up front. A worker that dies leaves the
 * lock for 4 hours, and since our jobs allow one attempt (every retry is scheduled by the job itself), the job
 * would never run again: a webhook stays PENDING forever, a bulk import stops half way. So each worker pool
 * announces that it is alive by holding a PostgreSQL session advisory lock named after it, which the database
 * drops the moment that process's connection goes away. A sweep (at start and then periodically, in every
 * instance) unlocks the jobs of pools whose lock is free and gives them their attempt back. Every task is
 * idempotent (a delivery checks the event is still PENDING, a payment step is conditional, an import resumes
 * from its processed count), so running an interrupted job again is safe.
 */

const livenessKey = (poolId: string) => `payment-service-worker-pool:${poolId}`;

/** How long a lock must be held before the sweep looks at it: a new pool takes its liveness lock within it. */
const ORPHAN_GRACE_SECONDS = 5;

/**
 * Holds the liveness lock of a worker pool on a connection of its own (not one of the shared pool's, which come
 * and go); returns the function that lets go of it.
 */
export async function holdWorkerLiveness(
  connectionString: string,
  poolId: string,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString });
  // If this connection drops, peers may take this pool for dead and run its current jobs again: harmless.
  client.on("error", () => {});
  await client.connect();
  await client.query("select pg_advisory_lock(hashtextextended($1, 0))", [livenessKey(poolId)]);
  return async () => {
    await client.end().catch(() => {});
  };
}

/** Frees the jobs held by dead worker pools; returns how many were given back to the queue. */
export async function recoverOrphanedJobs(pool: pg.Pool): Promise<number> {
  const holders = await pool.query<{ locked_by: string }>(
    `select distinct locked_by from graphile_worker.jobs
      where locked_by is not null and locked_at < now() - make_interval(secs => $1)`,
    [ORPHAN_GRACE_SECONDS],
  );
  if (holders.rows.length === 0) return 0;
  const client = await pool.connect();
  try {
    const dead: string[] = [];
    for (const { locked_by: poolId } of holders.rows) {
      const probe = await client.query<{ free: boolean }>(
        "select pg_try_advisory_lock(hashtextextended($1, 0)) as free",
        [livenessKey(poolId)],
      );
      if (probe.rows[0]?.free) {
        dead.push(poolId);
        await client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [livenessKey(poolId)]);
      }
    }
    if (dead.length === 0) return 0;
    const jobs = await client.query<{ id: string }>(
      "select id::text from graphile_worker.jobs where locked_by = any($1::text[])",
      [dead],
    );
    await client.query("select graphile_worker.force_unlock_workers($1::text[])", [dead]);
    await client.query(
      "select graphile_worker.reschedule_jobs($1::bigint[], run_at => now(), attempts => 0)",
      [jobs.rows.map((job) => job.id)],
    );
    return jobs.rows.length;
  } finally {
    client.release();
  }
}
