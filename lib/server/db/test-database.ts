import "server-only";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { type ConsoleDatabase, createConsoleDatabase } from "./client";
import { migrateConsoleDatabase } from "./migrate";

/**
 * For tests: a fresh database in the run's PostgreSQL (vitest.global-setup.ts), named for the caller, with the
 * console's migrations applied, and a pool on it (the caller ends it).
 */
export async function createConsoleTestDatabase(
  label: string,
): Promise<{ url: string; db: ConsoleDatabase }> {
  const server = inject("postgresServerUrl");
  const name = `${label.replace(/[^a-z0-9]+/gi, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = `${server}/${name}`;
  await migrateConsoleDatabase(url);
  return { url, db: createConsoleDatabase(url) };
}
