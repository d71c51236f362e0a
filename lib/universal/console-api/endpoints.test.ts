import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { endpointOfKey, endpointUrl } from "./endpoint-url";
import { CONSOLE_API, type ConsoleEndpoint, keyOf } from "./endpoints";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const METHOD = "GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS";

function routeFiles(directory: string): string[] {
  return readdirSync(path.join(ROOT, directory), { withFileTypes: true }).flatMap((entry) => {
    const child = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) return routeFiles(child);
    return entry.name === "route.ts" ? [child] : [];
  });
}

interface Export {
  method: string;
  /** The table key its consoleRoute names, or null for a handler outside the guard. */
  entry: string | null;
}

/** The HTTP methods a route file exports, and the table entry each handler is given. */
function exportsOf(source: string): Export[] {
  const declared = new RegExp(
    `export\\s+(?:const|let|(?:async\\s+)?function)\\s+(${METHOD})\\b(\\s*=\\s*consoleRoute\\(\\s*(?:CONSOLE_API\\["([^"]+)"\\])?)?`,
    "g",
  );
  const found: Export[] = [...source.matchAll(declared)].map(([, method = "", guarded, named]) => ({
    method,
    entry: guarded === undefined ? null : (named ?? "(not a table entry)"),
  }));
  // `export { GET, handler as POST }` and `export const { GET, POST } = handlers` (Auth.js).
  for (const [, names = ""] of source.matchAll(/export\s+(?:(?:const|let)\s*)?\{([^}]*)\}/g)) {
    for (const name of names.split(",")) {
      const exported =
        name
          .trim()
          .split(/\s+as\s+|\s*:\s*/)
          .pop() ?? "";
      if (new RegExp(`^(${METHOD})$`).test(exported)) found.push({ method: exported, entry: null });
    }
  }
  return found;
}

/** What app/api exports: `"METHOD /api/path"` → the entry its handler uses (null: not guarded). */
function exportedEndpoints(): Map<string, string | null> {
  const found = new Map<string, string | null>();
  for (const file of routeFiles("app/api")) {
    const folder = `/${path.posix.dirname(file).slice("app/".length)}`;
    for (const { method, entry } of exportsOf(readFileSync(path.join(ROOT, file), "utf8"))) {
      found.set(`${method} ${folder}`, entry);
    }
  }
  return found;
}

describe("the console's endpoint table (CONSOLE_API)", () => {
  const exported = exportedEndpoints();
  const table = new Map<string, ConsoleEndpoint>(Object.entries(CONSOLE_API));

  it("names each entry by its own method and path", () => {
    for (const [key, entry] of table) {
      expect(keyOf(entry), key).toBe(key);
      // The browser reads the method and path from the key alone (./endpoint-url.ts).
      expect(endpointOfKey(key), key).toEqual({ method: entry.method, path: entry.path });
    }
  });

  it("has an entry for every method a route file exports", () => {
    const missing = [...exported.keys()].filter((key) => !table.has(key));
    expect(missing, "exported by app/api but not in lib/universal/console-api/endpoints.ts").toEqual([]);
  });

  it("names no method or path that no route file exports", () => {
    const stale = [...table.keys()].filter((key) => !exported.has(key));
    expect(stale, "in the table but exported by no app/api/**/route.ts").toEqual([]);
  });

  it("gives each guarded handler its own entry, and leaves the public ones outside the guard", () => {
    const wrong: string[] = [];
    for (const [key, used] of exported) {
      const entry = table.get(key);
      if (!entry) continue;
      if (entry.public && used !== null)
        wrong.push(`${key} is public in the table but uses consoleRoute (${used})`);
      if (!entry.public && used !== key) wrong.push(`${key} uses ${used ?? "no consoleRoute"}`);
    }
    expect(wrong).toEqual([]);
  });

  it("builds a URL with its parameters encoded", () => {
    expect(endpointUrl(CONSOLE_API["PATCH /api/views/[viewId]"].path, { viewId: "a/b c" })).toBe(
      "/api/views/a%2Fb%20c",
    );
    expect(endpointUrl(CONSOLE_API["GET /api/views"].path, {}, "?list=transactions")).toBe(
      "/api/views?list=transactions",
    );
    expect(() => endpointUrl(CONSOLE_API["PATCH /api/views/[viewId]"].path)).toThrow(/viewId/);
  });
});
