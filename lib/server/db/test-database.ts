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

/**
 * For tests of server modules that read the console's settings and database as the server does: a fresh database
 * (createConsoleTestDatabase), the environment those modules read (its URL, a session secret, a payment API that
 * answers nothing unless the test mocks the fetch or names its own in `env`, and whatever else `env` sets) and the
 * process's shared database pointing at it.
 */
export async function useConsoleTestDatabase(
  label: string,
  env: Record<string, string> = {},
): Promise<{ url: string; db: ConsoleDatabase }> {
  const made = await createConsoleTestDatabase(label);
  Object.assign(process.env, {
    DATABASE_URL: made.url,
    AUTH_SECRET: "a-test-secret-that-is-long-enough-for-the-schema",
    PAYMENT_API_BASE_URL: "http://127.0.0.1:9/",
    PAYMENT_API_TOKEN_ID: "token",
    PAYMENT_API_CLIENT_SECRET: "secret",
    ...env,
  });
  (globalThis as { __consoleDatabase?: ConsoleDatabase }).__consoleDatabase = made.db;
  return made;
}
