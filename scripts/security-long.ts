// npm run test:security:long — the long variants of the service's security and reliability tests, with their
// figures written to docs/SECURITY.md ("Service: long runs"). Needs nothing running: it starts its own
// PostgreSQL on a free loopback port, and stops by itself (every phase is bounded in count and in time).
//
// Sizes can be changed for one run: SECURITY_LONG_FUZZ_RUNS (per route, default 400), SECURITY_LONG_OPERATIONS
// (default 10000), SECURITY_LONG_CLIENTS (32), SECURITY_LONG_PAYMENTS (300), SECURITY_LONG_KILLS (20),
// SECURITY_SEED (random).
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrateServiceDatabase } from "../service/db/migrate";
import { runCrashScenario } from "../service/security/support/crash-run";
import {
  FUZZ_SERVICE_CONFIG,
  type FuzzCount,
  fuzzMethods,
  fuzzRoute,
  fuzzSandboxSpellings,
  fuzzWire,
  prepareFuzzTarget,
} from "../service/security/support/fuzz-run";
import {
  ackViolations,
  newAcks,
  newStats,
  prepareMoneyWorld,
  randomSource,
  runLoad,
  watchBalances,
} from "../service/security/support/money-world";
import { discoverServiceRoutes } from "../service/security/support/routes";
import { ServiceProcess } from "../service/security/support/service-process";
import { raceDecisionsInWaves } from "../service/test-support/approval-race";
import { checkLedger } from "../service/test-support/ledger-invariants";
import { balanceOf } from "../service/test-support/payment-fixtures";
import { startTestService } from "../service/test-support/service";
import { type EmbeddedDatabase, ensureDatabase, startEmbeddedPostgres } from "./lib/embedded-postgres";
import { freePort } from "./lib/free-port";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const securityDoc = path.join(root, "docs", "SECURITY.md");
const SECTION = "## Service: long runs";

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const FUZZ_RUNS = envNumber("SECURITY_LONG_FUZZ_RUNS", 400);
const OPERATIONS = envNumber("SECURITY_LONG_OPERATIONS", 10_000);
const CLIENTS = envNumber("SECURITY_LONG_CLIENTS", 32);
const PAYMENTS = envNumber("SECURITY_LONG_PAYMENTS", 300);
const KILLS = envNumber("SECURITY_LONG_KILLS", 20);
const seed = envNumber("SECURITY_SEED", Math.floor(Math.random() * 1_000_000_000));
/** The whole run stops by itself after this long, whatever happens. */
const WATCHDOG_MS = 60 * 60_000;

const log = (line: string) => process.stdout.write(`[security-long] ${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Phase {
  name: string;
  figures: [string, string][];
  violations: string[];
  durationMs: number;
}

async function timed(name: string, body: (phase: Phase) => Promise<void>): Promise<Phase> {
  const phase: Phase = { name, figures: [], violations: [], durationMs: 0 };
  const started = Date.now();
  log(`${name}…`);
  try {
    await body(phase);
  } catch (error) {
    phase.violations.push(error instanceof Error ? error.message : String(error));
  }
  phase.durationMs = Date.now() - started;
  log(`${name}: ${seconds(phase.durationMs)}, ${phase.violations.length} violations`);
  for (const violation of phase.violations.slice(0, 20)) {
    log(`  ✗ ${violation.split("\n").slice(0, 3).join("\n      ")}`);
  }
  return phase;
}

async function fuzzPhase(database: EmbeddedDatabase): Promise<Phase> {
  return timed("service fuzzing", async (phase) => {
    const routes = await discoverServiceRoutes();
    const databaseUrl = database.urlFor("security_fuzz");
    await ensureDatabase(database.serverUrl, "security_fuzz");
    await migrateServiceDatabase(databaseUrl);
    const service = await startTestService({ databaseUrl, ...FUZZ_SERVICE_CONFIG });
    const count: FuzzCount = { requests: 0 };
    try {
      const target = await prepareFuzzTarget(service);
      for (const route of routes) {
        try {
          await fuzzRoute(target, route, { numRuns: FUZZ_RUNS }, count);
        } catch (error) {
          phase.violations.push(`${route.method} ${route.url}: ${(error as Error).message}`);
        }
      }
      phase.violations.push(...(await fuzzMethods(target, routes, count)));
      await fuzzWire(target, routes, { numRuns: FUZZ_RUNS * 3 }, count).catch((error: Error) => {
        phase.violations.push(`wire: ${error.message}`);
      });
      await fuzzSandboxSpellings(target, routes, { numRuns: FUZZ_RUNS }, count).catch((error: Error) => {
        phase.violations.push(`sandbox spellings: ${error.message}`);
      });
    } finally {
      await service.close();
    }
    phase.figures.push(
      ["routes attacked", String(routes.length)],
      ["malformed requests per route", String(FUZZ_RUNS)],
      ["requests sent", String(count.requests)],
    );
  });
}

async function moneyPhase(database: EmbeddedDatabase): Promise<Phase> {
  return timed("money under concurrency", async (phase) => {
    const databaseUrl = database.urlFor("security_money");
    await ensureDatabase(database.serverUrl, "security_money");
    await migrateServiceDatabase(databaseUrl);
    const service = await startTestService({ databaseUrl });
    try {
      const world = await prepareMoneyWorld(service, { customers: 12, spare: 1 });
      const acks = newAcks();
      const stats = newStats();
      const watch = watchBalances(service.context.db.pool);
      const loadStarted = Date.now();
      await runLoad(
        service,
        world,
        { clients: CLIENTS, operations: OPERATIONS, seed, deadlineMs: 20 * 60_000 },
        acks,
        stats,
      );
      const loadMs = Date.now() - loadStarted;
      const { lowest, samples } = await watch.stop();
      const ledger = await checkLedger(service.context.db);
      phase.violations.push(
        ...stats.problems.map((problem) => `unexpected answer: ${problem}`),
        ...ledger.violations,
        ...(await ackViolations(service.context.db.pool, acks)),
        ...(lowest < 0 ? [`a balance was seen at ${lowest}`] : []),
        ...(stats.operations < OPERATIONS
          ? [`only ${stats.operations} of ${OPERATIONS} operations ran in time`]
          : []),
      );

      // A customer the load never touched: its delayed transfers cannot settle during the race.
      const receiver = world.spare[0];
      if (!receiver) throw new Error("no customer");
      const account = receiver.accounts.USD;
      const random = randomSource(seed);
      const before = await balanceOf(service, account);
      const raceStarted = Date.now();
      const race = await raceDecisionsInWaves(service, service.context.db, {
        customerId: receiver.id,
        accountId: account,
        payments: PAYMENTS,
        random,
      });
      phase.violations.push(...race.violations);
      const { completedAmount: completed, decided } = race;
      const raceMs = Date.now() - raceStarted;
      const after = await balanceOf(service, account);
      if (after !== before + completed) {
        phase.violations.push(`receiver balance ${after}, expected ${before} + ${completed} completed`);
      }
      if (decided !== PAYMENTS)
        phase.violations.push(`${decided} of ${PAYMENTS} payments decided exactly once`);
      const finalLedger = await checkLedger(service.context.db);
      phase.violations.push(...finalLedger.violations);
      phase.figures.push(
        [
          "random operations",
          `${stats.operations} from ${CLIENTS} concurrent clients (${stats.requests} requests)`,
        ],
        [
          "operations by kind",
          Object.entries(stats.byKind)
            .map(([kind, n]) => `${kind} ${n}`)
            .join(", "),
        ],
        ["load duration", seconds(loadMs)],
        ["lowest balance seen while it ran", `${lowest} (${samples} samples)`],
        ["ledger after the load", `${finalLedger.movements} movements, ${finalLedger.entries} entries`],
        [
          "approve/reject race",
          `${PAYMENTS} payments × 60 concurrent calls, ${decided} decided once, ${seconds(raceMs)}`,
        ],
      );
    } finally {
      await service.close();
    }
  });
}

async function crashPhase(database: EmbeddedDatabase): Promise<Phase> {
  return timed("crash", async (phase) => {
    await ensureDatabase(database.serverUrl, "security_crash");
    const report = await runCrashScenario({
      databaseUrl: database.urlFor("security_crash"),
      kills: KILLS,
      clients: 8,
      loadMs: [300, 2_500],
      webhookWaitMs: 40_000,
      seed,
      customers: 8,
      log,
    });
    phase.violations.push(...report.violations);
    const restart = report.restartSeconds;
    const settle = report.webhookSettleSeconds;
    phase.figures.push(
      ["SIGKILLs under load", String(report.kills)],
      [
        "operations / requests",
        `${report.operations} / ${report.requests} (${report.inDoubt} cut off by a kill)`,
      ],
      [
        "acknowledged writes checked after every restart",
        `${report.acknowledged.transactions} transactions, ${report.acknowledged.quotes} quotes, ` +
          `${report.acknowledged.decisions} decisions, ${report.acknowledged.fundings} fundings`,
      ],
      [
        "webhooks",
        `${report.webhookEvents} events, ${report.webhooksDelivered} delivered, ` +
          `${report.webhookRedeliveries} delivered again after a kill`,
      ],
      [
        "restart time (kill → healthy)",
        restart.length ? `${Math.min(...restart).toFixed(1)}–${Math.max(...restart).toFixed(1)} s` : "-",
      ],
      [
        "pending webhooks delivered after restart within",
        settle.length ? `${Math.max(...settle).toFixed(1)} s (worst of ${settle.length})` : "-",
      ],
    );
  });
}

/** Replaces (or adds) this script's section of docs/SECURITY.md, leaving every other section as it is. */
function writeFigures(phases: Phase[], totalMs: number): void {
  const violations = phases.reduce((sum, phase) => sum + phase.violations.length, 0);
  const lines = [
    SECTION,
    "",
    `Written by \`npm run test:security:long\` (scripts/security-long.ts) on ${new Date().toISOString().slice(0, 10)}, ` +
      `seed ${seed}, in ${seconds(totalMs)}; real PostgreSQL, the real service over loopback HTTP. ` +
      "`npm test` runs the same checks at smaller sizes (service/security/).",
    "",
    "| phase | figure | value |",
    "| --- | --- | --- |",
    ...phases.flatMap((phase) => [
      ...phase.figures.map(([figure, value]) => `| ${phase.name} | ${figure} | ${value} |`),
      `| ${phase.name} | duration | ${seconds(phase.durationMs)} |`,
      `| ${phase.name} | violations | ${phase.violations.length} |`,
    ]),
    "",
    `Violations in all: **${violations}**.`,
    "",
  ];
  const section = lines.join("\n");
  const current = existsSync(securityDoc)
    ? readFileSync(securityDoc, "utf8")
    : "# Security and reliability\n\nWhat the security and reliability suite checks, and the figures of its long runs.\n\n";
  const start = current.indexOf(SECTION);
  let next: string;
  if (start < 0) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const after = current.indexOf("\n## ", start + SECTION.length);
    next = `${current.slice(0, start)}${section}${after < 0 ? "" : `\n${current.slice(after + 1)}`}`;
  }
  writeFileSync(securityDoc, `${next.trimEnd()}\n`);
}

let database: EmbeddedDatabase | undefined;
let dataDir: string | undefined;

/** Stops what this run started: service processes, then PostgreSQL and its folder. */
async function cleanUp(): Promise<void> {
  await ServiceProcess.killAll();
  await database?.stop().catch(() => {});
  database = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

async function main(): Promise<number> {
  const started = Date.now();
  log(`seed ${seed}`);
  dataDir = mkdtempSync(path.join(tmpdir(), "security-long-pg-"));
  chmodSync(dataDir, 0o755);
  const db = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, "data"),
    port: await freePort(),
    password: "security-long",
    persistent: false,
  });
  database = db;
  const phases: Phase[] = [];
  try {
    phases.push(await fuzzPhase(db));
    phases.push(await moneyPhase(db));
    phases.push(await crashPhase(db));
  } finally {
    await cleanUp();
  }
  writeFigures(phases, Date.now() - started);
  const violations = phases.reduce((sum, phase) => sum + phase.violations.length, 0);
  log(`done in ${seconds(Date.now() - started)}: ${violations} violations; figures in docs/SECURITY.md`);
  return violations === 0 ? 0 : 1;
}

const giveUp = (reason: string, code: number) => {
  log(reason);
  // What was running fails as its database and processes go away: that is expected now.
  process.on("unhandledRejection", () => {});
  void cleanUp().finally(() => process.exit(code));
};
const watchdog = setTimeout(
  () => giveUp(`still running after ${seconds(WATCHDOG_MS)}: giving up`, 2),
  WATCHDOG_MS,
);
watchdog.unref();
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => giveUp(`${signal}: stopping`, 130));

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    void cleanUp().finally(() => process.exit(1));
  },
);
