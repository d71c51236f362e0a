import "server-only";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Applies the console's drizzle-kit migrations; safe to run on every start and from several instances. */
export async function migrateConsoleDatabase(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('console-migrations'))");
    await migrate(drizzle(client), { migrationsFolder, migrationsSchema: "console_migrations" });
  } finally {
    await client.end();
  }
}
