import pg from "pg";
import { consoleDatabaseUrl } from "./environment";

/** Runs statements on the e2e console's own database, as its owner: arranging a failure, or reading what was stored. */
export async function withConsoleDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: consoleDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The local service's database (same PostgreSQL, its own database). */
export function serviceDatabaseUrl(): string {
  return consoleDatabaseUrl().replace(/\/console$/, "/payment_service");
}

/** An audit row as the tests read it, by the console's request id (attempt and outcome). */
export interface AuditRowSeen {
  action: string;
  outcome: string;
  request_id: string;
  client_request_id: string | null;
  target_id: string | null;
  summary: Record<string, unknown>;
}

export async function auditRowsOf(requestId: string): Promise<AuditRowSeen[]> {
  return withConsoleDatabase(
    async (client) =>
      (
        await client.query<AuditRowSeen>(
          "SELECT action, outcome, request_id, client_request_id, target_id, summary FROM audit_events WHERE request_id = $1 ORDER BY id",
          [requestId],
        )
      ).rows,
  );
}

/**
 * Puts an approval policy document in force directly (the policies page's two-person activation is tested on its
 * own): a new version, active, with the one active before it superseded. `restore` retires it and puts the previous
 * one back, so other specs find the policies as they were.
 */
export async function activatePolicyVersion(
  document: Record<string, unknown>,
): Promise<{ version: number; restore: () => Promise<void> }> {
  return withConsoleDatabase(async (client) => {
    await client.query("BEGIN");
    const previous = await client.query<{ id: string }>(
      "UPDATE policy_versions SET status = 'superseded' WHERE status = 'active' RETURNING id",
    );
    const inserted = await client.query<{ id: string; version: number }>(
      `INSERT INTO policy_versions (version, status, document, note, created_by)
       SELECT coalesce(max(version), 0) + 1, 'active', $1, 'e2e: inserted by the spec',
              (SELECT id FROM users WHERE role = 'admin' ORDER BY created_at LIMIT 1)
       FROM policy_versions RETURNING id, version`,
      [JSON.stringify(document)],
    );
    await client.query("COMMIT");
    const row = inserted.rows[0];
    if (!row) throw new Error("no policy version inserted");
    const previousId = previous.rows[0]?.id;
    return {
      version: row.version,
      restore: () =>
        withConsoleDatabase(async (again) => {
          await again.query("BEGIN");
          await again.query("UPDATE policy_versions SET status = 'superseded' WHERE id = $1", [row.id]);
          if (previousId) {
            await again.query("UPDATE policy_versions SET status = 'active' WHERE id = $1", [previousId]);
          }
          await again.query("COMMIT");
        }),
    };
  });
}
