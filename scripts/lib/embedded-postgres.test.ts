import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./embedded-postgres";
import { freePort } from "./free-port";

const dataDir = mkdtempSync(path.join(tmpdir(), "console-spawn-pg-"));
chmodSync(dataDir, 0o755);
let database: EmbeddedDatabase | undefined;

afterAll(async () => {
  await database?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("embedded PostgreSQL", () => {
  it("names its process as soon as it is spawned, before it is ready, and again after a restart", async () => {
    const spawned: { pid: number; ready: boolean }[] = [];
    let ready = false;
    database = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, "data"),
      port: await freePort(),
      password: "test-password",
      // Kept on stop, so it can restart; the folder goes after the test.
      persistent: true,
      onSpawn: (pid) => spawned.push({ pid, ready }),
    });
    ready = true;
    // Known while it was still starting: a launcher killed then leaves nothing running (its guard knew the pid).
    expect(spawned).toEqual([{ pid: database.pid, ready: false }]);

    await database.stop();
    await database.restart();
    expect(spawned).toHaveLength(2);
    expect(spawned[1]?.pid).toBe(database.pid);
    expect(spawned[1]?.pid).not.toBe(spawned[0]?.pid);
  }, 120_000);
});
