import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The service's module boundaries (issue 25), read from the source: every relative `from "…"`, `import "…"` and
// `import("…")` of every service/**/*.ts, resolved against its file.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const APP = "service/app.ts";
/**
 * What may build the Fastify app: the process and the platforms it hosts (service/platforms.ts, which the process
 * starts), and the support code tests start a service with.
 */
const APP_IMPORTERS = [
  /^service\/server\.ts$/,
  /^service\/platforms\.ts$/,
  /^service\/test-support\//,
  /^service\/security\/support\//,
];
/**
 * Code outside service/ that the service may use: the contract and the webhook signature format, which belong to
 * neither program, and the error summary its log shares with the console's (shared/log/safe-error.ts). Nothing of the
 * launcher (scripts/) or the rest of the console: they may depend on the service, not the other way round.
 */
const SHARED_OUTSIDE = [/^shared\//];
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)"(\.{1,2}\/[^"]*)"/g;

function serviceFiles(): string[] {
  return readdirSync(path.join(root, "service"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => `service/${file.split(path.sep).join("/")}`)
    .sort();
}

/** A specifier resolved to a repository path (`service/app.ts`, `shared/contract/index.ts`). */
function resolveSpecifier(from: string, specifier: string): string {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [target, `${target}.ts`, `${target}/index.ts`];
  return (
    candidates.find((candidate) => candidate.endsWith(".ts") && existsSync(path.join(root, candidate))) ??
    target
  );
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of serviceFiles()) {
    const source = readFileSync(path.join(root, file), "utf8");
    const targets = [...source.matchAll(SPECIFIER)].flatMap((match) =>
      match[1] ? [resolveSpecifier(file, match[1])] : [],
    );
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle through `start`, as the path of files from `start` back to it (depth-first, each once). */
function cyclesThrough(graph: Map<string, string[]>, start: string): string[][] {
  const cycles: string[][] = [];
  const visited = new Set<string>();
  const walk = (file: string, trail: string[]) => {
    for (const next of graph.get(file) ?? []) {
      if (next === start) cycles.push([...trail, start]);
      else if (!visited.has(next)) {
        visited.add(next);
        walk(next, [...trail, next]);
      }
    }
  };
  walk(start, [start]);
  return cycles;
}

const graph = importGraph();

describe("service module structure", () => {
  it("reads the import graph (the regex finds the imports it must)", () => {
    expect(graph.get("service/server.ts")).toContain("service/platforms.ts");
    expect(graph.get("service/platforms.ts")).toContain(APP);
    expect(graph.get(APP)?.length).toBeGreaterThan(3);
  });

  it("lets only the process and test support import service/app.ts", () => {
    const importers = [...graph].filter(([, targets]) => targets.includes(APP)).map(([file]) => file);
    expect(importers.filter((file) => !APP_IMPORTERS.some((allowed) => allowed.test(file)))).toEqual([]);
  });

  it("validates requests in the routes only: no domain, job or webhook module imports service/validation.ts", () => {
    const parsers = [...graph]
      .filter(
        ([file, targets]) => !file.startsWith("service/routes/") && targets.includes("service/validation.ts"),
      )
      .map(([file]) => file);
    expect(parsers).toEqual([]);
  });

  it("has no import cycle through service/app.ts", () => {
    expect(cyclesThrough(graph, APP).map((cycle) => cycle.join(" → "))).toEqual([]);
  });

  it("imports nothing outside service/ but the code it shares with the console", () => {
    const outside = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => !target.startsWith("service/"))
        .filter((target) => !SHARED_OUTSIDE.some((allowed) => allowed.test(target)))
        .map((target) => `${file} → ${target}`),
    );
    expect(outside).toEqual([]);
  });
});
