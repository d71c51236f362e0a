import "server-only";
import pg from "pg";

/** The embedded database's login role for the running console (scripts/start.ts); migrations run as the owner. */
export const CONSOLE_RUNTIME_ROLE = "console_app";

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates the runtime login role when missing, else sets its password (the secrets file is the truth), on the
 * server `adminUrl` reaches as a role that may create roles. It may log in and nothing else: no superuser, no
 * CREATEDB, no CREATEROLE, no replication, no bypass of row security.
 */
export async function ensureRuntimeRole(adminUrl: string, role: string, password: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    const exists = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [role]);
    const name = pg.escapeIdentifier(role);
    const secret = client.escapeLiteral(password);
    const attributes = "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT";
    await client.query(
      exists.rowCount === 0
        ? `CREATE ROLE ${name} ${attributes} PASSWORD ${secret}`
        : `ALTER ROLE ${name} ${attributes} PASSWORD ${secret}`,
    );
  });
}

/**
 * Grants the runtime role what the console needs at run time and nothing more, run as the owner after every
 * migration (so tables a later migration adds are covered): ordinary DML on the console's tables; on the audit log
 * only INSERT and SELECT, and on its head only SELECT (the chain trigger advances it as the owner, migration 0015);
 * the sequences its inserts use, but not the audit log's (the trigger draws those ids, and a role that could draw
 * them could leave gaps that read as removed rows); the job queue's tables and functions. No TRUNCATE, REFERENCES or TRIGGER anywhere, no CREATE on the
 * schema, no ownership: no DDL at run time.
 */
export async function grantRuntimeRole(ownerUrl: string, role: string): Promise<void> {
  const name = pg.escapeIdentifier(role);
  await withClient(ownerUrl, async (client) => {
    await client.query("BEGIN");
    await client.query("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
    await client.query(`REVOKE ALL ON SCHEMA public FROM ${name}`);
    await client.query(`GRANT USAGE ON SCHEMA public TO ${name}`);
    await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${name}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${name}`);
    await client.query(`REVOKE UPDATE, DELETE ON audit_events FROM ${name}`);
    await client.query(`REVOKE INSERT, UPDATE, DELETE ON audit_chain_head FROM ${name}`);
    await client.query(`GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO ${name}`);
    const sequence = await client.query<{ name: string }>(
      "SELECT pg_get_serial_sequence('audit_events', 'id') AS name",
    );
    if (sequence.rows[0]?.name)
      await client.query(`REVOKE ALL ON SEQUENCE ${sequence.rows[0].name} FROM ${name}`);
    // The job queue (graphile-worker, migrated with the console's tables): its worker takes, runs and completes
    // jobs and the console adds them, which needs its tables and functions, never its schema's DDL.
    const queue = await client.query("SELECT 1 FROM pg_namespace WHERE nspname = 'graphile_worker'");
    if (queue.rowCount) {
      await client.query(`GRANT USAGE ON SCHEMA graphile_worker TO ${name}`);
      await client.query(
        `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA graphile_worker TO ${name}`,
      );
      await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA graphile_worker TO ${name}`);
      await client.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA graphile_worker TO ${name}`);
      // Its private tables have row-level security on and no policy (only their owner reads them): the role gets one.
      const secured = await client.query<{ table: string }>(
        `SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'graphile_worker' AND c.relkind = 'r' AND c.relrowsecurity`,
      );
      const policy = pg.escapeIdentifier(`runtime_${role}`);
      for (const { table } of secured.rows) {
        const target = `graphile_worker.${pg.escapeIdentifier(table)}`;
        await client.query(`DROP POLICY IF EXISTS ${policy} ON ${target}`);
        await client.query(`CREATE POLICY ${policy} ON ${target} TO ${name} USING (true) WITH CHECK (true)`);
      }
    }
    await client.query("COMMIT");
  });
}

/** The runtime URL: the owner's, with the runtime role's name and password. */
export function runtimeUrl(ownerUrl: string, role: string, password: string): string {
  const url = new URL(ownerUrl);
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/**
 * What is wrong with the role the console runs as, for a warning at start: a superuser, or the owner of the audit
 * log, can switch its triggers off, truncate it and rewrite it (the anchor still names that, but only afterwards).
 */
export async function runtimeRoleConcerns(connectionString: string): Promise<string[]> {
  return withClient(connectionString, async (client) => {
    const { rows } = await client.query<{ role: string; superuser: boolean; owner: string | null }>(
      `SELECT current_user AS role, r.rolsuper AS superuser,
              (SELECT pg_get_userbyid(c.relowner) FROM pg_class c WHERE c.oid = to_regclass('public.audit_events')) AS owner
       FROM pg_roles r WHERE r.rolname = current_user`,
    );
    const row = rows[0];
    if (!row) return [];
    const concerns: string[] = [];
    if (row.superuser) concerns.push(`the database role ${row.role} is a superuser`);
    if (row.owner === row.role) concerns.push(`the database role ${row.role} owns audit_events`);
    return concerns;
  });
}
