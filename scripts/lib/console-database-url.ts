import { createHmac } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The console's database for the command-line tools: DATABASE_URL, else the embedded one `npm start` runs. */
export function consoleDatabaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const secrets = path.resolve(process.env.DATA_DIR ?? ".data", "secrets", "secrets.json");
  if (!existsSync(secrets)) {
    throw new Error("Set DATABASE_URL, or run `npm start` once so that the embedded database exists.");
  }
  const { databasePassword } = JSON.parse(readFileSync(secrets, "utf8")) as { databasePassword: string };
  const port = process.env.EMBEDDED_POSTGRES_PORT ?? "54329";
  return `postgres://postgres:${encodeURIComponent(databasePassword)}@127.0.0.1:${port}/console`;
}

/**
 * The embedded database's runtime role's password (lib/server/db/runtime-role.ts), derived from the superuser's in the
 * secrets file rather than stored beside it: whoever holds one holds the other's powers anyway, and a secrets file
 * from before the runtime role needs no new entry.
 */
export function runtimeDatabasePassword(databasePassword: string): string {
  return createHmac("sha256", databasePassword).update("console_app login").digest("base64url");
}
