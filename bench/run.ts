// npm run bench — starts the product on the benchmark's own ports, runs every benchmark, writes docs/BENCHMARKS.md
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { runBulkImport } from "./bulk-import";
import { runGrowth } from "./growth";
import { runOlderSearch } from "./older-customers";
import { runPages } from "./pages";
import { runPolicies } from "./policies";
import { runProxyOverhead } from "./proxy-overhead";
import { type BenchResults, type MachineNote, renderReport } from "./report";
import { runRescreen } from "./rescreen";
import { runScreening } from "./screening";
import { databaseUrl } from "./support/secrets";
import { BENCH_ENV, ROOT, type Stack, startStack } from "./support/stack";
import type { BenchContext } from "./types";
import { runUsable } from "./usable";
import { runWebhooks } from "./webhooks";

const BENCHMARKS = [
  "proxy",
  "webhooks",
  "policies",
  "pages",
  "usable",
  "growth",
  "older",
  "rescreen",
  "bulk",
  "screening",
] as const;
type BenchmarkName = (typeof BENCHMARKS)[number];

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    render: { type: "string" },
  },
});
const quick = values.quick ?? false;
const only = values.only ? values.only.split(",").map((name) => name.trim()) : [...BENCHMARKS];
for (const name of only) {
  if (!(BENCHMARKS as readonly string[]).includes(name)) {
    throw new Error(`unknown benchmark "${name}"; choose from ${BENCHMARKS.join(", ")}`);
  }
}
const selected = (name: BenchmarkName) => only.includes(name);
// Only a full run of every benchmark is published; a quick or partial run is written beside the raw results.
const publish = !quick && BENCHMARKS.every(selected);

const startedAt = new Date();
const log = (line: string) => {
  const seconds = ((Date.now() - startedAt.getTime()) / 1000).toFixed(0).padStart(5);
  process.stdout.write(`[bench ${seconds}s] ${line}\n`);
};

/**
 * `next build` rewrites these two files for its dist directory; the benchmark's build must not leave that behind.
 * They are put back with their old modification time too, or the launcher would take the build for stale.
 */
const BUILD_TOUCHED = ["tsconfig.json", "next-env.d.ts"].map((file) => path.join(ROOT, file));
type Snapshot = Map<string, { content: string; modified: Date } | null>;
function snapshotBuildTouched(): Snapshot {
  return new Map(
    BUILD_TOUCHED.map((file) => {
      try {
        return [file, { content: readFileSync(file, "utf8"), modified: statSync(file).mtime }];
      } catch {
        return [file, null];
      }
    }),
  );
}
function restoreBuildTouched(before: Snapshot) {
  for (const [file, saved] of before) {
    if (saved === null) continue;
    let now: string | null = null;
    try {
      now = readFileSync(file, "utf8");
    } catch {
      // Deleted: written back below.
    }
    if (now !== saved.content && (now === null || now.includes(BENCH_ENV.NEXT_DIST_DIR))) {
      writeFileSync(file, saved.content);
      utimesSync(file, saved.modified, saved.modified);
      log(`restored ${path.relative(ROOT, file)} after the benchmark's build`);
    }
  }
}

function command(file: string, args: string[]): string {
  try {
    return execFileSync(file, args, {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "";
  }
}

async function machineNote(): Promise<Omit<MachineNote, "loadAfter" | "minutes">> {
  const client = new pg.Client({ connectionString: databaseUrl("payment_service") });
  await client.connect();
  const version = await client
    .query<{ version: string }>("select current_setting('server_version') as version")
    .catch(() => null);
  await client.end();
  const commit = command("git", ["rev-parse", "--short", "HEAD"]);
  const dirty = command("git", ["status", "--porcelain", "--untracked-files=no"]) !== "";
  return {
    cpu: os.cpus()[0]?.model ?? "unknown",
    cores: os.cpus().length,
    memoryGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    postgres: version?.rows[0]?.version ?? "unknown",
    commit: `${commit}${dirty ? " with uncommitted changes" : ""}`,
    loadBefore: os.loadavg(),
    startedAt: startedAt.toISOString(),
  };
}

const PUBLISHED = path.join(ROOT, "docs", "BENCHMARKS.md");

/** Kept in the repository's format (`npm test` checks it). */
function formatPublished() {
  execFileSync(path.join(ROOT, "node_modules", ".bin", "biome"), ["format", "--write", PUBLISHED], {
    cwd: ROOT,
    stdio: "ignore",
  });
}

/**
 * `--render=bench/results/<time>.json`: writes docs/BENCHMARKS.md again from the figures a full run saved, measuring
 * nothing, so a correction to the report's text does not need a new run (or change the figures it explains).
 */
function renderSaved(file: string) {
  const saved = JSON.parse(readFileSync(path.resolve(ROOT, file), "utf8")) as {
    machine: MachineNote;
    results: BenchResults;
  };
  if (saved.results.quick || !BENCHMARKS.every((name) => saved.results.only.includes(name))) {
    throw new Error(`${file} is not a full run; only a full run is published`);
  }
  writeFileSync(PUBLISHED, renderReport(saved.results, saved.machine));
  formatPublished();
  log(`wrote ${path.relative(ROOT, PUBLISHED)} from the figures of ${file} (run ${saved.machine.startedAt})`);
}

async function main() {
  log(`${publish ? "full run" : quick ? "quick run" : `partial run (${only.join(", ")})`}`);
  const touched = snapshotBuildTouched();
  let stack: Stack | undefined;
  // Every loop below is bounded; this is the bound of the whole run.
  const watchdog = setTimeout(
    () => {
      log("the run exceeded its time limit; stopping");
      void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(2));
    },
    (quick ? 45 : 180) * 60_000,
  );
  const stopOnSignal = () => {
    log("interrupted; stopping the stack");
    void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);

  try {
    // Screening runs in process, before the stack starts, so the stack's programs do not share its CPU.
    const screening = selected("screening") ? runScreening(log) : undefined;
    if (only.length === 1 && screening) {
      const resultsDir = path.join(ROOT, "bench", "results");
      mkdirSync(resultsDir, { recursive: true });
      const stamp = startedAt.toISOString().replace(/[:.]/g, "-");
      writeFileSync(path.join(resultsDir, `${stamp}-screening.txt`), `${screening.lines.join("\n")}\n`);
      log(`wrote bench/results/${stamp}-screening.txt`);
      return;
    }
    stack = await startStack({ fresh: true, log });
    restoreBuildTouched(touched);
    log(`stack ready: console pid ${stack.consolePid}, service pid ${stack.servicePid}`);
    const context: BenchContext = { quick, stack, log };
    const machine = await machineNote();
    const results: BenchResults = { quick, only, ...(screening ? { screening } : {}) };
    if (selected("proxy")) results.proxy = await runProxyOverhead(context);
    if (selected("webhooks")) results.webhooks = await runWebhooks(context);
    if (selected("policies")) results.policies = await runPolicies(context);
    if (selected("pages")) results.pages = await runPages(context);
    // After the pages benchmark, whose 500 pending payments the approval queue's figure reuses.
    if (selected("usable")) results.usable = await runUsable(context);
    if (selected("growth")) results.growth = await runGrowth(context);
    if (selected("older")) results.older = await runOlderSearch(context);
    if (selected("rescreen")) results.rescreen = await runRescreen(context);
    if (selected("bulk")) {
      // The import's memory is measured on freshly started programs (same data): the load tests before it leave
      // the console's heap grown, which would be counted as the import's otherwise.
      if (
        results.proxy ||
        results.webhooks ||
        results.policies ||
        results.pages ||
        results.usable ||
        results.growth ||
        results.older ||
        results.rescreen
      ) {
        await stack.stop();
        stack = await startStack({ fresh: false, log });
        restoreBuildTouched(touched);
        context.stack = stack;
      }
      results.bulk = await runBulkImport(context);
    }
    const finishedAt = new Date();
    const note: MachineNote = {
      ...machine,
      loadAfter: os.loadavg(),
      minutes: (finishedAt.getTime() - startedAt.getTime()) / 60_000,
    };
    const report = renderReport(results, note);

    const resultsDir = path.join(ROOT, "bench", "results");
    mkdirSync(resultsDir, { recursive: true });
    const stamp = startedAt.toISOString().replace(/[:.]/g, "-");
    writeFileSync(
      path.join(resultsDir, `${stamp}.json`),
      `${JSON.stringify({ machine: note, results }, null, 2)}\n`,
    );
    const target = publish ? PUBLISHED : path.join(resultsDir, `${stamp}${quick ? "-quick" : ""}.md`);
    writeFileSync(target, report);
    if (publish) formatPublished();
    log(`wrote ${path.relative(ROOT, target)}`);
  } finally {
    clearTimeout(watchdog);
    await stack?.stop();
    restoreBuildTouched(touched);
  }
}

(values.render ? Promise.resolve().then(() => renderSaved(values.render ?? "")) : main()).then(
  () => process.exit(0),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
