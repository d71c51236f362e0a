import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { addCompileHints } from "./compile-hints";
import { bundleServers, SERVER_ENTRIES, type ServerName, serverBundle } from "./server-bundles";

/** One output of `npm run build`: what it is made from, and the files that show when it was last made. */
export interface BuildPart {
  name: string;
  /** Files and folders (relative to the root) whose change makes the part stale. */
  sources: string[];
  outputs(root: string): string[];
  build(root: string): Promise<void>;
}

const SHARED_SOURCES = ["lib", "shared", "tsconfig.json", "package-lock.json"];

/** Next.js's production build of the pages and route handlers (`next build`). */
const NEXT_PART: BuildPart = {
  name: "console pages (next build)",
  sources: [
    ...SHARED_SOURCES,
    "app",
    "components",
    "public",
    "proxy.ts",
    "next.config.mjs",
    "postcss.config.mjs",
    // What runNextBuild does to Next.js's output after it (the chunks' compile hints).
    "scripts/lib/build.ts",
    "scripts/lib/compile-hints.ts",
  ],
  outputs: (root) => [path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID")],
  build: async (root) => runNextBuild(root),
};

/** The console's and the service's processes compiled to JavaScript (scripts/lib/server-bundles.ts). */
const SERVERS_PART: BuildPart = {
  name: "console and service processes (esbuild)",
  sources: [...SHARED_SOURCES, ...Object.values(SERVER_ENTRIES), "service", "scripts/lib/server-bundles.ts"],
  outputs: (root) => Object.keys(SERVER_ENTRIES).map((name) => serverBundle(root, name as ServerName)),
  build: (root) => bundleServers(root),
};

export const BUILD_PARTS: readonly BuildPart[] = [NEXT_PART, SERVERS_PART];

const SKIPPED_DIRECTORIES = new Set(["node_modules", ".next", "migrations", "test-support"]);
const isBuildOutput = (name: string) => name.startsWith(".next");
const isTest = (name: string) => /\.test\.tsx?$/.test(name);

/** The newest change among a source's files (tests left out), and their paths, to see a file added or removed. */
function walkSources(entry: string, files: string[]): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) {
    if (isTest(entry)) return 0;
    files.push(entry);
    return stats.mtimeMs;
  }
  let newest = 0;
  for (const child of readdirSync(entry)) {
    if (SKIPPED_DIRECTORIES.has(child) || isBuildOutput(child)) continue;
    newest = Math.max(newest, walkSources(path.join(entry, child), files));
  }
  return newest;
}

function sourcesOf(root: string, part: BuildPart): { newest: number; listHash: string } {
  const files: string[] = [];
  const newest = Math.max(0, ...part.sources.map((source) => walkSources(path.join(root, source), files)));
  const names = files.map((file) => path.relative(root, file)).sort();
  return { newest, listHash: createHash("sha256").update(names.join("\n")).digest("hex") };
}

/** Beside the part's first output: which source files it was built from (a hash of their paths). */
const sourceListFile = (root: string, part: BuildPart) => `${part.outputs(root)[0]}.sources`;

/** Notes the part's source files as it was just built from them. */
export function recordSources(root: string, part: BuildPart): void {
  writeFileSync(sourceListFile(root, part), sourcesOf(root, part).listHash);
}

/**
 * True when one of the part's outputs is missing, or a source is newer than the oldest of them, or a source file was
 * added, removed or renamed since (no file's time says that: a route deleted would still be served).
 */
export function isPartStale(root: string, part: BuildPart): boolean {
  const outputs = part.outputs(root);
  if (!outputs.every((output) => existsSync(output))) return true;
  const builtAt = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  const sources = sourcesOf(root, part);
  if (sources.newest > builtAt) return true;
  const recorded = sourceListFile(root, part);
  return existsSync(recorded) && readFileSync(recorded, "utf8") !== sources.listHash;
}

/** The parts `npm start` must build before it runs: missing, or older than a source. */
export const staleParts = (root: string, parts: readonly BuildPart[] = BUILD_PARTS): BuildPart[] =>
  parts.filter((part) => isPartStale(root, part));

/** Builds the parts in order; `log` names each. */
export async function build(
  root: string,
  parts: readonly BuildPart[] = BUILD_PARTS,
  log: (message: string) => void = () => {},
): Promise<void> {
  for (const part of parts) {
    log(`building the ${part.name}…`);
    await part.build(root);
    recordSources(root, part);
  }
}

function runNextBuild(root: string): void {
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    },
  );
  if (result.status !== 0) throw new Error("next build failed");
  // The browser compiles the chunks as they load rather than function by function as they first run.
  addCompileHints(path.join(root, process.env.NEXT_DIST_DIR || ".next"));
}
