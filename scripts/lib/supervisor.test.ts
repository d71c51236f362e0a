import { describe, expect, it } from "vitest";
import { freePort } from "./free-port";
import { startProcess, waitForHttp } from "./processes";
import { type RestartPolicy, type Run, Supervisor } from "./supervisor";

/** A run that ends when the test says so. */
function fakeRun(pid: number) {
  let end: (how: string) => void = () => {};
  const ended = new Promise<string>((resolve) => {
    end = resolve;
  });
  const run: Run = { pid, ended, stop: async () => end("code 0") };
  return { run, end };
}

const FAST: RestartPolicy = { maxCrashes: 3, windowMs: 60_000, backoffMs: [1, 2, 4] };

/**
 * Waits on the supervisor's own callbacks, not a clock: `until` resolves as soon as the condition holds after a
 * run is adopted (a start or restart) or the supervisor gives up; the test's time-out bounds it.
 */
function changes() {
  const waiting = new Set<() => void>();
  return {
    notify: () => {
      for (const check of [...waiting]) check();
    },
    until: (condition: () => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!condition()) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
  };
}

describe("Supervisor", () => {
  it("restarts a run that ends unexpectedly, saying so with its backoff, and counts the restarts", async () => {
    const runs: ReturnType<typeof fakeRun>[] = [];
    const lines: string[] = [];
    const seen = changes();
    const supervisor = new Supervisor({
      onRun: seen.notify,
      name: "service",
      policy: FAST,
      log: (line) => lines.push(line),
      onGiveUp: () => {},
      start: async () => {
        const next = fakeRun(runs.length + 1);
        runs.push(next);
        return next.run;
      },
    });
    await supervisor.start();
    runs[0]?.end("signal SIGKILL");
    await seen.until(() => supervisor.restarts === 1);
    expect(supervisor.pid).toBe(2);
    expect(lines).toEqual([
      "service ended unexpectedly (signal SIGKILL); restarting in 0.0 s (crash 1 of 3 allowed within 60 s)",
      "service restarted (pid 2)",
    ]);
    await supervisor.stop();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toHaveLength(2);
  });

  it("gives up after too many crashes within the window, and not before", async () => {
    let clock = 0;
    const runs: ReturnType<typeof fakeRun>[] = [];
    const gaveUp: string[] = [];
    const seen = changes();
    const supervisor = new Supervisor({
      onRun: seen.notify,
      name: "console",
      policy: { ...FAST, windowMs: 1_000 },
      now: () => clock,
      log: () => {},
      onGiveUp: (message) => {
        gaveUp.push(message);
        seen.notify();
      },
      start: async () => {
        const next = fakeRun(runs.length + 1);
        runs.push(next);
        return next.run;
      },
    });
    await supervisor.start();
    // Two crashes, then a long quiet spell: the old crashes no longer count.
    runs[0]?.end("code 1");
    await seen.until(() => runs.length === 2);
    runs[1]?.end("code 1");
    await seen.until(() => runs.length === 3);
    clock = 5_000;
    runs[2]?.end("code 1");
    await seen.until(() => runs.length === 4);
    runs[3]?.end("code 1");
    await seen.until(() => runs.length === 5);
    expect(gaveUp).toEqual([]);
    // The third crash within one second.
    runs[4]?.end("code 7");
    await seen.until(() => gaveUp.length === 1);
    expect(gaveUp[0]).toBe("console ended 3 times within 1 s (last: code 7); giving up");
    expect(runs).toHaveLength(5);
  });

  it("counts a restart that fails as another crash", async () => {
    let attempts = 0;
    const lines: string[] = [];
    const first = fakeRun(1);
    const seen = changes();
    const supervisor = new Supervisor({
      onRun: seen.notify,
      name: "PostgreSQL",
      policy: FAST,
      log: (line) => lines.push(line),
      onGiveUp: () => {},
      start: async () => {
        attempts += 1;
        if (attempts === 1) return first.run;
        if (attempts === 2) throw new Error("port in use");
        return fakeRun(attempts).run;
      },
    });
    await supervisor.start();
    first.end("signal SIGKILL");
    await seen.until(() => supervisor.restarts === 1);
    expect(lines[1]).toMatch(/^PostgreSQL ended unexpectedly \(restart failed: port in use\); restarting in/);
    expect(lines[2]).toBe("PostgreSQL restarted (pid 3)");
    await supervisor.stop();
  });

  it("restarts a real process killed with SIGKILL, which answers again on its port", async () => {
    const port = await freePort();
    const program = `require("node:http").createServer((_, res) => res.end("ok")).listen(${port}, "127.0.0.1")`;
    const lines: string[] = [];
    const seen = changes();
    const supervisor = new Supervisor({
      onRun: seen.notify,
      name: "stand-in",
      log: (line) => lines.push(line),
      onGiveUp: () => {},
      policy: FAST,
      start: async () => {
        const managed = startProcess(
          "stand-in",
          process.execPath,
          ["-e", program],
          process.env,
          process.cwd(),
        );
        await waitForHttp(`http://127.0.0.1:${port}/`, 10_000, () => managed.child.exitCode === null);
        return {
          pid: managed.child.pid,
          ended: managed.exited.then(() => `signal ${managed.child.signalCode}`),
          stop: () => managed.stop(),
        };
      },
    });
    await supervisor.start();
    const firstPid = supervisor.pid;
    process.kill(firstPid ?? 0, "SIGKILL");
    await seen.until(() => supervisor.restarts === 1);
    expect(supervisor.pid).not.toBe(firstPid);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ok");
    expect(lines[0]).toMatch(/^stand-in ended unexpectedly \(signal SIGKILL\); restarting/);
    await supervisor.stop();
  });
});
