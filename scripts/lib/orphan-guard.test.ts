import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, watch } from "node:fs";
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

/** Resolves when the log file holds a line matching `pattern`, on the file's own change events. */
function logLine(file: string, pattern: RegExp): Promise<void> {
  const holds = () => existsSync(file) && pattern.test(readFileSync(file, "utf8"));
  return new Promise((resolve) => {
    const watcher = watch(path.dirname(file), () => {
      if (!holds()) return;
      watcher.close();
      resolve();
    });
    if (holds()) {
      watcher.close();
      resolve();
    }
  });
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

    // The guard's last act before it exits: every part it watched has ended by then.
    await logLine(path.join(folder, "start.log"), /\[guard\] stopped/);
    expect(running(programPid ?? 0)).toBe(false);
    expect(running(databasePid ?? 0)).toBe(false);
    // Both have exited; their listening sockets are the kernel's to release. Polled, not read once: a full run once
    // found the database's port still taken at the first look (CI stop 35's local run), not a moment later.
    await expect.poll(() => isPortFree(programPort), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => isPortFree(databasePort), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => running(guardPid ?? 0)).toBe(false);
    // Each was stopped by its own polite signal (the database ignores SIGTERM), not by the 10 s SIGKILL.
    expect(Date.now() - startedAt).toBeLessThan(9_000);
    expect(existsSync(path.join(folder, "start.pid"))).toBe(false);
    const log = readFileSync(path.join(folder, "start.log"), "utf8");
    expect(log).toMatch(/\[guard\] the launcher \(pid \d+\) is gone; stopping program, database/);
  }, 60_000);
});
