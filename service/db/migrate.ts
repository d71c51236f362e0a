import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrateJobQueue } from "../jobs/worker";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Applies the service's drizzle-kit migrations; serialised by an advisory lock so instances may race. */
export async function migrateServiceDatabase(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('service-migrations'))");
    await migrate(drizzle(client), { migrationsFolder, migrationsSchema: "service_migrations" });
  } finally {
    await client.end();
  }
  await migrateJobQueue(connectionString);
}
