import "server-only";
import { sql } from "drizzle-orm";
import type { ConsoleDatabase } from "../db/client";
import type { AnchorChecker, AnchoredRow } from "./anchor";
import { ChainChecker } from "./chain";

const BATCH = 5_000;

/** Every field as the chain's text, the way the database's trigger reads it. */
export const CHAIN_COLUMNS = sql`
  id::text AS "id",
  to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "occurredAt",
  actor_id::text AS "actorId", actor_email AS "actorEmail", actor_role::text AS "actorRole", action,
  target_id AS "targetId", outcome, upstream_status::text AS "upstreamStatus", request_id AS "requestId",
  client_request_id AS "clientRequestId", summary::text AS "summary", prev_hash AS "prevHash", hash`;

/**
 * Walks the whole audit log in id order, a batch at a time, and checks its chain against the recorded head; with an
 * `anchor` (the audit key and the checkpoints, lib/server/audit/anchor.ts) also every row's mac and every checkpoint, its
 * problems added to the chain's.
 */
export async function verifyAuditChain(db: ConsoleDatabase, anchor?: AnchorChecker): Promise<ChainChecker> {
  const checker = new ChainChecker();
  let after = -1n;
  for (;;) {
    const { rows } = await db.execute<AnchoredRow & Record<string, unknown>>(
      sql`SELECT ${CHAIN_COLUMNS}, mac FROM audit_events WHERE audit_events.id > ${after.toString()}::bigint ORDER BY audit_events.id LIMIT ${BATCH}`,
    );
    for (const row of rows) {
      checker.check(row);
      anchor?.check(row);
    }
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) break;
    after = BigInt(last.id);
  }
  const head = await db.execute<{ lastId: string; hash: string }>(
    sql`SELECT last_id::text AS "lastId", hash FROM audit_chain_head WHERE singleton`,
  );
  checker.finish(head.rows[0] ?? null);
  if (anchor) {
    anchor.finish();
    checker.problems.push(...anchor.problems);
  }
  return checker;
}
