// The launcher's orphan guard: a tiny plain-Node process, in its own session, that outlives the launcher only to
// stop what the launcher started. The launcher holds the write end of the guard's stdin and tells it, a JSON line
// each, what it starts and stops; the kernel closes that pipe however the launcher ends, SIGKILL included. When the
// pipe closes without a "release" line, the guard stops the programs it was told about (the console's and the
// service's process groups first, then PostgreSQL), removes the launcher's pid file and exits.
//   node scripts/lib/orphan-guard.mjs <launcher pid> <pid file> <log file>
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createInterface } from "node:readline";

const [launcherPid, pidFile, logFile] = process.argv.slice(2);
/** pid → { name, group, signal, order } */
const watched = new Map();
let released = false;

function log(message) {
  try {
    appendFileSync(logFile, `${new Date().toISOString()} [guard] ${message}\n`);
  } catch {
    // Nowhere to say it.
  }
}

/** The state, process group of a process from /proc (Linux), or undefined when it is gone. */
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0], group: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

/**
 * Whether the process (or a member of the process group) still runs. A zombie does not count: it holds no port,
 * and whoever adopted it reaps it.
 */
function alive(pid, group) {
  try {
    process.kill(group ? -pid : pid, 0);
  } catch {
    return false;
  }
  if (!existsSync("/proc/self/stat")) return true;
  if (!group) return procStat(pid)?.state !== "Z";
  return readdirSync("/proc").some((name) => {
    if (!/^\d+$/.test(name)) return false;
    const stat = procStat(name);
    return stat !== undefined && stat.group === pid && stat.state !== "Z";
  });
}

function signal(pid, group, name) {
  try {
    process.kill(group ? -pid : pid, name);
  } catch {
    // Already gone.
  }
}

async function stopAll(entries) {
  for (const [pid, entry] of entries) signal(pid, entry.group, entry.signal);
  const deadline = Date.now() + 10_000;
  while (entries.some(([pid, entry]) => alive(pid, entry.group)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const [pid, entry] of entries) signal(pid, entry.group, "SIGKILL");
}

async function launcherGone() {
  const entries = [...watched.entries()].sort(([, a], [, b]) => a.order - b.order);
  log(
    `the launcher (pid ${launcherPid}) is gone; stopping ${entries.map(([, e]) => e.name).join(", ") || "nothing"}`,
  );
  // The programs first (they use the database), then the database.
  const orders = [...new Set(entries.map(([, entry]) => entry.order))].sort((a, b) => a - b);
  for (const order of orders) await stopAll(entries.filter(([, entry]) => entry.order === order));
  try {
    if (readFileSync(pidFile, "utf8").trim() === launcherPid) rmSync(pidFile, { force: true });
  } catch {
    // No pid file.
  }
  log("stopped");
  process.exit(0);
}

for (const name of ["SIGINT", "SIGHUP", "SIGPIPE"]) process.on(name, () => {});

createInterface({ input: process.stdin })
  .on("line", (line) => {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    if (message.watch) {
      const { pid, name, group = false, signal: stopSignal = "SIGTERM", order = 0 } = message.watch;
      watched.set(pid, { name, group, signal: stopSignal, order });
    } else if (message.forget) {
      watched.delete(message.forget);
    } else if (message.release) {
      released = true;
    }
  })
  .on("close", () => {
    if (released) process.exit(0);
    void launcherGone();
  });
