import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { freePort, isPortFree } from "./free-port";

const STAND_IN = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "test-support",
  "stand-in-launcher.ts",
);

/** Running and not a zombie (an orphan's zombie holds no port and waits for whoever adopted it). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the orphan guard", () => {
  it("stops the launcher's programs and database, frees their ports and removes the pid file when the launcher is killed with SIGKILL", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "orphan-guard-"));
    const [programPort, databasePort] = [await freePort(), await freePort()];
    const launcher = spawn(
      process.execPath,
      ["--import", "tsx", STAND_IN, String(programPort), String(databasePort), folder],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const ready = await new Promise<string>((resolve, reject) => {
      launcher.once("exit", () => reject(new Error("the stand-in launcher ended")));
      createInterface({ input: launcher.stdout }).on("line", (line) => {
        if (line.startsWith("ready ")) resolve(line);
      });
    });
    const [programPid, databasePid, guardPid] = ready.split(" ").slice(1).map(Number);
    expect(existsSync(path.join(folder, "start.pid"))).toBe(true);
    const startedAt = Date.now();

    launcher.kill("SIGKILL");

    await until(
      async () => (await isPortFree(programPort)) && (await isPortFree(databasePort)),
      "free ports",
    );
    await until(() => !running(programPid ?? 0) && !running(databasePid ?? 0), "the children to end");
    await until(() => !running(guardPid ?? 0), "the guard to end");
    // Each was stopped by its own polite signal (the database ignores SIGTERM), not by the 10 s SIGKILL.
    expect(Date.now() - startedAt).toBeLessThan(9_000);
    expect(existsSync(path.join(folder, "start.pid"))).toBe(false);
    const log = readFileSync(path.join(folder, "start.log"), "utf8");
    expect(log).toMatch(/\[guard\] the launcher \(pid \d+\) is gone; stopping program, database/);
  }, 60_000);
});
