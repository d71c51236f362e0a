import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The two programs meet only in shared/: the service imports nothing of the console's (lib, app, components, the
 * console's server) or of the launcher and tests around it, and the console's code imports nothing of the service.
 * The launcher (scripts/) may start the service; tests and benchmarks may drive both.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const CONSOLE = ["lib", "app", "components", "proxy.ts", "server.ts"];
const SPECIFIER = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

function sourceFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (entry.endsWith(".ts")) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((item) => {
    const child = path.join(entry, item.name);
    if (item.isDirectory()) return item.name === "migrations" ? [] : sourceFiles(child);
    return /\.tsx?$/.test(item.name) && !item.name.endsWith(".test.ts") ? [path.join(ROOT, child)] : [];
  });
}

/** Every import of `files` that lands under one of `folders`, as "file → target". */
function importsInto(files: string[], folders: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const [, specifier = ""] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const target = specifier.startsWith("@/")
        ? specifier.slice(2)
        : specifier.startsWith(".")
          ? path.relative(ROOT, path.resolve(path.dirname(file), specifier))
          : null;
      if (
        target &&
        folders.some((folder) => target === folder.replace(/\.ts$/, "") || target.startsWith(`${folder}/`))
      ) {
        found.push(`${path.relative(ROOT, file)} → ${target}`);
      }
    }
  }
  return found;
}

describe("the programs' boundaries", () => {
  it("keeps the service free of the console's code, the launcher and the tests", () => {
    const service = sourceFiles("service").filter(
      (file) => !file.includes(`${path.sep}test-support${path.sep}`),
    );
    expect(importsInto(service, [...CONSOLE, "scripts", "e2e"])).toEqual([]);
  });

  it("keeps the console's code free of the service", () => {
    expect(importsInto(CONSOLE.flatMap(sourceFiles), ["service"])).toEqual([]);
  });

  it("keeps shared/ free of both", () => {
    expect(importsInto(sourceFiles("shared"), [...CONSOLE, "service", "scripts", "e2e"])).toEqual([]);
  });
});
