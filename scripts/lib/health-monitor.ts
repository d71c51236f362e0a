export interface HealthTarget {
  /** What the log calls it: "console", "service". */
  name: string;
  /** A readiness URL answering {status, checks: {name: "ok" | "down" | …}}, 503 when something is down. */
  url: string;
}

const CHECK_NAMES: Record<string, string> = { database: "database", paymentApi: "payment API" };

/** "ready", or what is wrong: "not ready (database down, payment API down)", "not answering". */
export async function describeHealth(url: string, timeoutMs = 3_000): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    return "not answering";
  }
  const body = (await response.json().catch(() => null)) as { checks?: Record<string, unknown> } | null;
  if (response.ok) return "ready";
  const down = Object.entries(body?.checks ?? {})
    .filter(([, state]) => state !== "ok")
    .map(([check, state]) => `${CHECK_NAMES[check] ?? check} ${String(state)}`);
  return down.length > 0 ? `not ready (${down.join(", ")})` : `not ready (HTTP ${response.status})`;
}

/**
 * Polls each part's readiness and says in the log when one becomes unhealthy, which one and why, and when it is
 * ready again. Quiet while nothing changes.
 */
export class HealthMonitor {
  private readonly states = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private stopped = false;

  constructor(
    private readonly targets: () => HealthTarget[],
    private readonly log: (message: string) => void,
    private readonly intervalMs = 3_000,
  ) {}

  start() {
    this.timer = setInterval(() => void this.poll(), this.intervalMs);
    this.timer.unref();
  }

  stop() {
    this.stopped = true;
    clearInterval(this.timer);
  }

  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const targets = this.targets();
      const states = await Promise.all(targets.map((target) => describeHealth(target.url)));
      if (this.stopped) return;
      targets.forEach((target, index) => {
        const state = states[index] ?? "ready";
        const before = this.states.get(target.name) ?? "ready";
        if (state === before) return;
        this.states.set(target.name, state);
        this.log(state === "ready" ? `${target.name} is ready again` : `${target.name} is ${state}`);
      });
    } finally {
      this.polling = false;
    }
  }
}
