import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freeLauncherPorts, Launcher } from "./support/launcher";
import { pidListeningOn } from "./support/processes";

/**
 * `npm run dev` as a contributor meets it, on its own ports and data directory: a change to a console route is
 * served by the same console process (Next.js's development server), and a change to the service's code restarts
 * the service by itself (Node's watch mode) while the launcher carries on. The files the spec changes are put back,
 * or removed, whatever happens.
 */

const root = process.cwd();
// A route of the spec's own, absent from the repository: created here and removed afterwards.
const probeFolder = path.join(root, "app", "api", "dev-reload-probe");
const probeRoute = path.join(probeFolder, "route.ts");
// The service's entry point, given one more line for a while, and then its own text back.
const serviceEntry = path.join(root, "service", "server.ts");
const serviceSource = readFileSync(serviceEntry, "utf8");
// Next.js's development output, with route types that tsconfig includes: the probe route's stays in them until the
// next development server starts, and would fail the typecheck of a later `npm test` in the same checkout.
const devOutput = path.join(root, ".next", "dev");
const devOutputExisted = existsSync(devOutput);

const routeAnswering = (marker: string) =>
  `// Written by e2e/contributor-sees-changes-in-dev-mode.spec.ts; removed when it ends.\n` +
  `export const dynamic = "force-dynamic";\n\n` +
  `export function GET() {\n  return new Response(${JSON.stringify(marker)});\n}\n`;

function restoreTree() {
  rmSync(probeFolder, { recursive: true, force: true });
  if (readFileSync(serviceEntry, "utf8") !== serviceSource) writeFileSync(serviceEntry, serviceSource);
}

/** Removes Next.js's development output if this spec made it (called once its development server has ended). */
function removeDevOutput() {
  if (!devOutputExisted) rmSync(devOutput, { recursive: true, force: true });
}

/** The parent of a process, from /proc (Linux). */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

async function text(url: string): Promise<string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
    // Enough to tell the probe's answer from a not-found page, short enough to read in a failure.
    return `${response.status} ${(await response.text()).slice(0, 120)}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

let dataFolder = "";
test.beforeAll(() => {
  expect(existsSync(probeFolder), "a probe route left behind by an earlier run").toBe(false);
  dataFolder = mkdtempSync(path.join(tmpdir(), "dev-e2e-"));
  // As root, PostgreSQL runs as the postgres user, which must be able to enter the folder.
  chmodSync(dataFolder, 0o755);
});
test.afterAll(() => {
  restoreTree();
  rmSync(dataFolder, { recursive: true, force: true });
});

test("npm run dev serves a changed route without a restart, and restarts the service on its own change", async () => {
  // Next.js's development server compiles each route on its first request: minutes on a busy two-core machine.
  test.setTimeout(15 * 60_000);
  const ports = await freeLauncherPorts();
  const consoleUrl = `http://127.0.0.1:${ports.console}`;
  const launcher = new Launcher(path.join(dataFolder, "data"), ports, ["--dev"]);
  try {
    await launcher.waitForLines(/^\[start\] press Ctrl-C to stop/, 1, 10 * 60_000);
    expect(launcher.lines).toContain(
      "[start] development mode: the console with hot reload, the service restarted on change",
    );
    const consolePid = pidListeningOn(ports.console);
    const servicePid = pidListeningOn(ports.service);
    expect(consolePid).toBeDefined();
    expect(servicePid).toBeDefined();
    // What the launcher supervises: Node's watcher, the service's parent.
    const watcher = parentOf(servicePid as number);
    expect(watcher).not.toBe(launcher.child.pid);

    // A new route, then a change to it: both served by the console process that was there before.
    const first = `first ${randomBytes(4).toString("hex")}`;
    const second = `second ${randomBytes(4).toString("hex")}`;
    mkdirSync(probeFolder, { recursive: true });
    writeFileSync(probeRoute, routeAnswering(first));
    await expect
      .poll(() => text(`${consoleUrl}/api/dev-reload-probe`), { timeout: 5 * 60_000 })
      .toBe(`200 ${first}`);
    writeFileSync(probeRoute, routeAnswering(second));
    await expect
      .poll(() => text(`${consoleUrl}/api/dev-reload-probe`), { timeout: 3 * 60_000 })
      .toBe(`200 ${second}`);
    expect(pidListeningOn(ports.console)).toBe(consolePid);

    // A change to the service's code: a new service process runs it and answers, under the same watcher, which
    // is what the launcher supervises (it saw nothing end).
    const marker = `dev-reload-probe ${randomBytes(4).toString("hex")}`;
    writeFileSync(serviceEntry, `${serviceSource}console.log(${JSON.stringify(marker)});\n`);
    await launcher.waitForLines(new RegExp(`^\\[service\\] ${marker}$`), 1, 2 * 60_000);
    await expect
      .poll(
        async () => {
          const pid = pidListeningOn(ports.service);
          if (pid === undefined || pid === servicePid) return "the service has not restarted yet";
          return text(`http://127.0.0.1:${ports.service}/_local/health`);
        },
        { timeout: 2 * 60_000 },
      )
      .toMatch(/^200 /);
    const restarted = pidListeningOn(ports.service) as number;
    expect(parentOf(restarted)).toBe(watcher);
    expect(launcher.count(/^\[start\] (service|console) ended/)).toBe(0);
    expect(pidListeningOn(ports.console)).toBe(consolePid);
  } catch (error) {
    console.log(launcher.tail(80));
    throw error;
  } finally {
    restoreTree();
    launcher.child.kill("SIGTERM");
    await launcher.exited;
    removeDevOutput();
  }
});
