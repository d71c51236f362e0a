import { readFileSync, writeFileSync } from "node:fs";
import { processTree } from "./stack";

/** VmRSS and VmHWM of one process, in bytes (0 when it is gone). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
    return { rss: field("VmRSS"), hwm: field("VmHWM") };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** Resets the kernel's peak-RSS mark (VmHWM) of a process, so it counts from now; false if not permitted. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** CPU time (user + system) a process has used, in milliseconds. */
export function cpuMillisOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

export interface PeakMemory {
  /** Sum of VmRSS over the program's processes when sampling started. */
  atStart: number;
  /** Highest sampled sum of VmRSS over the process and its children. */
  sampledPeak: number;
  /** The kernel's VmHWM of the main process after the work (since the reset when it was possible). */
  hwm: number;
  hwmSinceReset: boolean;
  samples: number;
}

/**
 * Samples the resident memory of a program (a process and its descendants) every `intervalMs` until stopped.
 * The kernel's own high-water mark catches a peak between two samples.
 */
export function sampleMemory(pid: number, intervalMs = 200): { stop(): PeakMemory } {
  const hwmSinceReset = resetPeak(pid);
  let sampledPeak = 0;
  let samples = 0;
  const sample = () => {
    let total = 0;
    for (const member of processTree(pid)) total += memoryOf(member).rss;
    sampledPeak = Math.max(sampledPeak, total);
    samples++;
    return total;
  };
  const atStart = sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { atStart, sampledPeak, hwm: memoryOf(pid).hwm, hwmSinceReset, samples };
    },
  };
}
