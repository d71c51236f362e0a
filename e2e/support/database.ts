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
