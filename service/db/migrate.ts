import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { projectRoot } from "../../shared/project-root";
import { migrateJobQueue } from "../jobs/worker";

// From the root, so that the compiled bundle (dist/) finds them as the source does.
const migrationsFolder = path.join(projectRoot(import.meta.url), "service", "db", "migrations");

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
