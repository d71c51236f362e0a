import { setTimeout as sleep } from "node:timers/promises";
import { cpuMillisOf } from "./memory";
import { processTree } from "./stack";

export interface Quiet {
  /** Whether the processes went quiet before `maxMs`. */
  quiet: boolean;
  waitedMs: number;
}

/** CPU time of a process tree, in milliseconds (processes that ended in between are not counted). */
function treeCpuMillis(pids: readonly number[]): number {
  return pids.reduce((total, pid) => {
    const millis = cpuMillisOf(pid);
    return Number.isNaN(millis) ? total : total + millis;
  }, 0);
}

/**
 * Waits until the product's processes (the launcher's whole tree: PostgreSQL, the payment service, the console) use
 * less than `share` of one core in each of `windows` consecutive one-second windows, or `maxMs` has passed. The
 * benchmark before the time-until-usable one leaves work behind (the pages benchmark's 500 payments: their webhooks,
 * approval policies and PostgreSQL's autovacuum), and a page measured while it runs is measured on a busy machine.
 */
export async function waitUntilQuiet(
  launcherPid: number,
  { share = 0.05, windows = 3, maxMs = 90_000 }: { share?: number; windows?: number; maxMs?: number } = {},
): Promise<Quiet> {
  const startedAt = Date.now();
  let quietWindows = 0;
  // Bounded: one window per second until maxMs.
  for (let window = 0; window < Math.ceil(maxMs / 1_000); window++) {
    const pids = processTree(launcherPid);
    const before = treeCpuMillis(pids);
    await sleep(1_000);
    const used = treeCpuMillis(pids) - before;
    quietWindows = used < share * 1_000 ? quietWindows + 1 : 0;
    if (quietWindows >= windows) return { quiet: true, waitedMs: Date.now() - startedAt };
  }
  return { quiet: false, waitedMs: Date.now() - startedAt };
}
