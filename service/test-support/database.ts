import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { ensureDatabase } from "../tools/ensure-database";

/** A fresh, empty database in the run's PostgreSQL, named for the caller. */
export async function createTestDatabase(label: string): Promise<string> {
  const serverUrl = inject("postgresServerUrl");
  const name = `${label.replace(/[^a-z0-9]+/gi, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`;
  await ensureDatabase(serverUrl, name);
  return `${serverUrl}/${name}`;
}
