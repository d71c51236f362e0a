import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { isPortFree } from "../scripts/lib/free-port";
import { E2E_DATA_DIR } from "./support/environment";
import { freeLauncherPorts, Launcher, type LauncherPorts } from "./support/launcher";
import { isRunning, pidListeningOn } from "./support/processes";

/**
 * The launcher (npm start) as an operator meets it: parts killed with SIGKILL, on loopback, with bounded waits on
 * its log lines, never fixed sleeps. The first test uses the suite's own launcher; the others start their own beside
 * it, on free ports and a fresh data directory, from the same console build.
 */

const SERVICE_PORT = Number(process.env.E2E_SERVICE_PORT ?? 4110);
const startLog = () => readFileSync(path.join(E2E_DATA_DIR, "logs", "start.log"), "utf8");
const occurrences = (text: string, pattern: RegExp) =>
  text.split("\n").filter((line) => pattern.test(line)).length;

function listener(port: number): number {
  const pid = pidListeningOn(port);
  if (pid === undefined) throw new Error(`nothing listens on ${port}`);
  return pid;
}

async function allPortsFree(ports: LauncherPorts): Promise<boolean> {
  return (
    (await isPortFree(ports.console)) &&
    (await isPortFree(ports.service)) &&
    (await isPortFree(ports.postgres))
  );
}

test("a service killed with SIGKILL is restarted, and the console answers all along", async ({ request }) => {
  test.setTimeout(120_000);
  const restartedBefore = occurrences(startLog(), /\[start\] service restarted/);
  const servicePid = listener(SERVICE_PORT);

  process.kill(servicePid, "SIGKILL");
  // The console keeps answering while the service is away and comes back: liveness every time, and readiness
  // says which part is missing.
  const notReady = new Set<string>();
  await expect(async () => {
    const live = await request.get("/api/health/live");
    expect(live.status()).toBe(200);
    const ready = await request.get("/api/health/ready");
    if (ready.status() !== 200) notReady.add(JSON.stringify(await ready.json()));
    expect(occurrences(startLog(), /\[start\] service restarted/)).toBe(restartedBefore + 1);
  }).toPass({ timeout: 60_000, intervals: [100] });

  expect(startLog()).toMatch(
    /\[start\] service ended unexpectedly \(signal SIGKILL\); restarting in 0\.5 s \(crash \d of 5 allowed within 60 s\)/,
  );
  expect([...notReady].every((body) => body.includes('"paymentApi":"down"'))).toBe(true);
  expect(pidListeningOn(SERVICE_PORT)).not.toBe(servicePid);
  await expect
    .poll(async () => (await request.get("/api/health/ready")).json(), { timeout: 30_000 })
    .toEqual({ status: "ok", checks: { database: "ok", paymentApi: "ok" } });
});

test.describe
  .serial("a launcher of its own", () => {
    let dataDir = "";
    let pidFile = "";
    test.beforeAll(() => {
      const folder = mkdtempSync(path.join(tmpdir(), "launcher-e2e-"));
      // As root, PostgreSQL runs as the postgres user, which must be able to enter the folder.
      chmodSync(folder, 0o755);
      dataDir = path.join(folder, "data");
      pidFile = path.join(dataDir, "start.pid");
    });
    test.afterAll(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

    test("restarts a killed PostgreSQL, then gives up on a service that keeps crashing, and exits non-zero", async () => {
      test.setTimeout(420_000);
      const ports = await freeLauncherPorts();
      const launcher = new Launcher(dataDir, ports);
      try {
        await launcher.waitForLines(/^\[start\] press Ctrl-C to stop/);
        // The first start shows the demo passwords, once.
        expect(launcher.count(/^\[start\] {3}admin {6}admin@demo\.local {13}\S{12,}$/)).toBe(1);
        // In one column, however long the email: the passwords start where the longest email's does.
        const passwordColumns = launcher.lines
          .filter((line) => /^\[start\] {3}\w+ +\S+@demo\.local +\S+$/.test(line))
          .map((line) => line.lastIndexOf(" ") + 1);
        expect(passwordColumns).toHaveLength(6);
        expect(new Set(passwordColumns).size).toBe(1);
        expect(readFileSync(pidFile, "utf8").trim()).toBe(String(launcher.child.pid));

        process.kill(listener(ports.postgres), "SIGKILL");
        await launcher.waitForLines(
          /^\[start\] PostgreSQL ended unexpectedly \(signal SIGKILL\); restarting in/,
        );
        await launcher.waitForLines(/^\[start\] PostgreSQL restarted \(pid \d+\)$/);
        await expect
          .poll(async () => (await fetch(`http://127.0.0.1:${ports.console}/api/health/ready`)).status, {
            timeout: 60_000,
          })
          .toBe(200);

        // The service killed again as soon as it is back, until the launcher gives up on it.
        let killed: number | undefined;
        while (launcher.child.exitCode === null) {
          let pid: number | undefined;
          await expect
            .poll(
              () => {
                pid = pidListeningOn(ports.service);
                return launcher.child.exitCode !== null || (pid !== undefined && pid !== killed);
              },
              { timeout: 60_000 },
            )
            .toBe(true);
          if (launcher.child.exitCode !== null || pid === undefined) break;
          process.kill(pid, "SIGKILL");
          killed = pid;
        }
        expect(await launcher.exited).toBe(1);
        // (The last crash may be one while restarting: "restart failed: the process serving … exited".)
        expect(
          launcher.count(
            /^\[start\] service ended 5 times within 60 s \(last: .+\); giving up; stopping everything$/,
          ),
        ).toBe(1);
        expect(launcher.lines.at(-1)).toBe("[start] stopped");
        expect(existsSync(pidFile)).toBe(false);
        expect(await allPortsFree(ports)).toBe(true);
      } catch (error) {
        console.log(launcher.tail(80));
        throw error;
      } finally {
        launcher.child.kill("SIGTERM");
        await launcher.exited;
      }
    });

    test("on a later start shows no password; killed with SIGKILL, it leaves no child and no port behind", async () => {
      test.setTimeout(300_000);
      const ports = await freeLauncherPorts();
      const launcher = new Launcher(dataDir, ports);
      await launcher.waitForLines(/^\[start\] press Ctrl-C to stop/);
      expect(launcher.count(/@demo\.local/)).toBe(0);
      expect(launcher.lines).toContain(
        `[start] the demo users' emails and passwords are in ${path.relative(process.cwd(), path.join(dataDir, "secrets", "demo-users.json"))}`,
      );
      const children = [listener(ports.console), listener(ports.service), listener(ports.postgres)];

      launcher.child.kill("SIGKILL");
      await launcher.exited;

      await expect
        .poll(async () => ({ running: children.filter(isRunning), portsFree: await allPortsFree(ports) }), {
          timeout: 30_000,
        })
        .toEqual({ running: [], portsFree: true });
      await expect.poll(() => existsSync(pidFile), { timeout: 10_000 }).toBe(false);
      expect(readFileSync(path.join(dataDir, "logs", "start.log"), "utf8")).toMatch(
        /\[guard\] the launcher \(pid \d+\) is gone; stopping console, service, PostgreSQL/,
      );
    });
  });
