import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";

function isRunningLauncher(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A pid left in a stale file may since belong to an unrelated program.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("start");
  } catch {
    return true;
  }
}

/**
 * Writes this launcher's pid to `file` (<data dir>/start.pid), so that a launcher started in the background can be
 * stopped with `kill $(cat .data/start.pid)`. Refuses when another launcher still runs on the same data directory.
 */
export function claimPidFile(file: string): void {
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, "utf8").trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunningLauncher(pid)) {
      throw new Error(
        `another launcher (pid ${pid}) runs on this data directory; stop it with "kill ${pid}"`,
      );
    }
  }
  writeFileSync(file, `${process.pid}\n`);
}

/** Removes the pid file if it is still this launcher's. */
export function releasePidFile(file: string): void {
  try {
    if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file, { force: true });
  } catch {
    // Never written, or already removed.
  }
}
