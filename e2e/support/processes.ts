import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** The process listening on a loopback TCP port, from /proc (Linux): what an operator finds with `ss -ltnp`. */
export function pidListeningOn(port: number): number | undefined {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      // State 0A is LISTEN; the inode is the tenth field.
      if (local && fields[3] === "0A" && Number.parseInt(local.split(":")[1] ?? "", 16) === port) {
        inodes.add(`socket:[${fields[9]}]`);
      }
    }
  }
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (inodes.has(readlinkSync(`/proc/${entry}/fd/${fd}`))) return Number(entry);
      } catch {
        // Closed meanwhile.
      }
    }
  }
  return undefined;
}

/** Running and not a zombie (an orphan's zombie holds no port; whoever adopted it reaps it). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}
