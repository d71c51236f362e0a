/** One run of a supervised part: how to stop it, and how it ended (e.g. "code 1", "signal SIGKILL"). */
export interface Run {
  pid: number | undefined;
  /** Resolves with how the run ended, whoever ended it. */
  ended: Promise<string>;
  stop(): Promise<void>;
}

export interface RestartPolicy {
  /** This many crashes within `windowMs` and the supervisor gives up. */
  maxCrashes: number;
  windowMs: number;
  /** The wait before the nth restart in a row is backoffMs[n - 1] (the last one once past the end). */
  backoffMs: number[];
}

const DEFAULT_POLICY: RestartPolicy = {
  maxCrashes: 5,
  windowMs: 60_000,
  backoffMs: [500, 1_000, 2_000, 4_000, 8_000],
};

export interface SupervisorOptions {
  /** What the log calls it: "service", "console", "PostgreSQL". */
  name: string;
  /** Starts one run and resolves once it is ready; rejects when it ends, or is not ready in time, before that. */
  start: () => Promise<Run>;
  log: (message: string) => void;
  /** Called once, with the message, when the part crashed too often; the supervisor restarts it no more. */
  onGiveUp: (message: string) => void;
  /** Each new run, once started (e.g. to tell the orphan guard its pid), and each run that ended. */
  onRun?: (run: Run) => void;
  onRunEnded?: (run: Run) => void;
  policy?: RestartPolicy;
  now?: () => number;
}

const seconds = (ms: number) => `${ms < 1_000 ? (ms / 1_000).toFixed(1) : Math.round(ms / 1_000)} s`;

/**
 * Keeps one part of the stack running: when a run ends without being asked to, it is started again after a
 * backoff that doubles with each crash in a row, and the log says so. Too many crashes within the window (a part
 * that cannot stay up) and it gives up, through onGiveUp, rather than restart forever.
 */
export class Supervisor {
  private current: Run | undefined;
  private stopping = false;
  private gaveUp = false;
  private crashes: number[] = [];
  private wake: (() => void) | undefined;
  /** Restarts done so far (for the log and tests). */
  restarts = 0;

  constructor(private readonly options: SupervisorOptions) {}

  private get policy(): RestartPolicy {
    return this.options.policy ?? DEFAULT_POLICY;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  get pid(): number | undefined {
    return this.current?.pid;
  }

  /** The first run; its failure is the caller's (a part that never started is not a crash to retry). */
  async start(): Promise<void> {
    this.adopt(await this.options.start());
  }

  /** Stops the current run, and any restart that is waiting or under way. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.current?.stop();
  }

  /** Supervises a run started elsewhere (the first one, when its start is not this supervisor's). */
  adopt(run: Run) {
    this.current = run;
    this.options.onRun?.(run);
    void run.ended.then((how) => {
      this.options.onRunEnded?.(run);
      if (this.current === run) this.current = undefined;
      if (!this.stopping) void this.crashed(how);
    });
  }

  private async crashed(how: string): Promise<void> {
    const { name, log } = this.options;
    const now = this.now();
    this.crashes = [...this.crashes.filter((at) => now - at < this.policy.windowMs), now];
    const count = this.crashes.length;
    if (count >= this.policy.maxCrashes) {
      if (this.gaveUp) return;
      this.gaveUp = true;
      this.stopping = true;
      this.options.onGiveUp(
        `${name} ended ${count} times within ${seconds(this.policy.windowMs)} (last: ${how}); giving up`,
      );
      return;
    }
    const backoff = this.policy.backoffMs[Math.min(count, this.policy.backoffMs.length) - 1] ?? 1_000;
    log(
      `${name} ended unexpectedly (${how}); restarting in ${seconds(backoff)} ` +
        `(crash ${count} of ${this.policy.maxCrashes} allowed within ${seconds(this.policy.windowMs)})`,
    );
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, backoff);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = undefined;
    if (this.stopping) return;
    let run: Run;
    try {
      run = await this.options.start();
    } catch (error) {
      if (this.stopping) return;
      return this.crashed(`restart failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (this.stopping) {
      await run.stop();
      return;
    }
    this.restarts += 1;
    log(`${name} restarted${run.pid ? ` (pid ${run.pid})` : ""}`);
    this.adopt(run);
  }
}
