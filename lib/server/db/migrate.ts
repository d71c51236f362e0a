import "server-only";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { Logger, runMigrations } from "graphile-worker";
import pg from "pg";
import { projectRoot } from "../../../shared/project-root";

// From the root, so that the compiled bundle (dist/) finds them as the source does.
const migrationsFolder = path.join(projectRoot(import.meta.url), "lib", "server", "db", "migrations");

/**
 * Applies the console's drizzle-kit migrations, then creates or upgrades the job queue's schema (graphile_worker: the
 * lists' scheduled refreshes, lib/server/screening/source-jobs.ts), as the role that owns the tables; safe to run on
 * every start and from several instances.
 */
export async function migrateConsoleDatabase(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('console-migrations'))");
    await migrate(drizzle(client), { migrationsFolder, migrationsSchema: "console_migrations" });
  } finally {
    await client.end();
  }
  await runMigrations({ connectionString, logger: new Logger(() => () => undefined) });
}
