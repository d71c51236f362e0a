import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "./scripts/lib/embedded-postgres";
import { freePort } from "./scripts/lib/free-port";

declare module "vitest" {
  export interface ProvidedContext {
    postgresServerUrl: string;
  }
}

/** One real PostgreSQL for the whole run, on a free port; each test file makes its own databases in it. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "console-test-pg-"));
  // The postgres system user must be able to reach the data directory inside it.
  chmodSync(dataDir, 0o755);
  const database = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, "data"),
    port: await freePort(),
    password: "test-password",
    persistent: false,
  });
  project.provide("postgresServerUrl", database.serverUrl);
  return async () => {
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
