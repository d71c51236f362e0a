import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * lib/ by side (docs/decisions/0055-lib-by-side.md): lib/server/ runs only on the server (each file carries the
 * `server-only` mark), lib/client/ only in the browser, lib/universal/ on both. Server and client may import
 * universal; universal imports neither; neither imports the other. Type-only imports count: a type that crosses is
 * a file in the wrong place. And no files import each other in a circle, in lib/, app/ or components/.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const SIDES = ["server", "client", "universal"] as const;
type Side = (typeof SIDES)[number];
const SPECIFIER =
  /(?:^|[\s;{}])(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;
// What only a server can reach: the database, the credential's transport, files, keys.
const SERVER_ONLY_IMPORT = /^(pg|drizzle-orm(\/.*)?|node:(crypto|http|https|fs|net)|server-only)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(child);
    return /\.(tsx?|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [child] : [];
  });
}

/** A specifier's file, relative to the root, or the package name as written. */
function resolve(from: string, specifier: string): string {
  const base = specifier.startsWith("@/")
    ? specifier.slice(2)
    : specifier.startsWith(".")
      ? path.join(path.dirname(from), specifier)
      : null;
  if (base === null) return specifier;
  for (const suffix of ["", ".ts", ".tsx", ".mjs", "/index.ts"]) {
    const candidate = base + suffix;
    if (/\.(tsx?|mjs)$/.test(candidate) && existsSync(path.join(ROOT, candidate))) return candidate;
  }
  return base;
}

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return [...text.matchAll(SPECIFIER)].map(([, from = "", dynamic = ""]) => resolve(file, from || dynamic));
}

/** What a file imports at run time (type-only imports left out); `dynamic` adds its `import()`s. */
function runtimeImportsOf(file: string, { dynamic }: { dynamic: boolean }): string[] {
  const runtime = readFileSync(path.join(ROOT, file), "utf8").replace(/^import type [^;]*;/gm, "");
  return [...runtime.matchAll(SPECIFIER)].flatMap(([, from = "", loaded = ""]) =>
    from || (dynamic && loaded) ? [resolve(file, from || loaded)] : [],
  );
}

const sideOf = (file: string): Side | null => {
  const side = file.split(path.sep)[1];
  return file.startsWith(`lib${path.sep}`) && SIDES.includes(side as Side) ? (side as Side) : null;
};

const MAY_IMPORT: Record<Side, readonly Side[]> = {
  server: ["server", "universal"],
  client: ["client", "universal"],
  universal: ["universal"],
};

/** The circles among `files`' imports (Tarjan's strongly connected components of more than one file, or a self-import). */
function circles(files: string[]): string[][] {
  const inSet = new Set(files);
  const edges = new Map(files.map((file) => [file, importsOf(file).filter((target) => inSet.has(target))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || edges.get(file)?.includes(file)) found.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

const lib = sourceFiles("lib");

describe("lib by side", () => {
  it("holds only the three roots", () => {
    const loose = readdirSync(path.join(ROOT, "lib"), { withFileTypes: true })
      .filter((entry) =>
        entry.isDirectory() ? !SIDES.includes(entry.name as Side) : !/\.test\.ts$/.test(entry.name),
      )
      .map((entry) => entry.name);
    expect(loose).toEqual([]);
  });

  it("lets each side import only itself and universal, type-only imports included", () => {
    const crossings = lib.flatMap((file) => {
      const from = sideOf(file);
      if (from === null) return [];
      return importsOf(file)
        .filter((target) => {
          const to = sideOf(target);
          return to !== null && !MAY_IMPORT[from].includes(to);
        })
        .map((target) => `${file} (${from}) → ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  it("marks every server file server-only, and no other file", () => {
    const wrong = lib.filter((file) => {
      const marked = readFileSync(path.join(ROOT, file), "utf8").includes('import "server-only";');
      return sideOf(file) === "server" ? !marked && !file.endsWith(".mjs") : marked;
    });
    expect(wrong).toEqual([]);
  });

  it("keeps the database, files, keys and the network out of client and universal code", () => {
    const reaching = lib
      .filter((file) => sideOf(file) !== "server")
      .flatMap((file) => {
        const runtime = readFileSync(path.join(ROOT, file), "utf8").replace(/^import type .*$/gm, "");
        return [...runtime.matchAll(SPECIFIER)]
          .map(([, from = "", dynamic = ""]) => from || dynamic)
          .filter((specifier) => SERVER_ONLY_IMPORT.test(specifier))
          .map((specifier) => `${file} → ${specifier}`);
      });
    expect(reaching).toEqual([]);
  });

  it("keeps browser components off the server side", () => {
    const browserFiles = [...sourceFiles("components"), ...sourceFiles("app")].filter((file) =>
      /^["']use client["']/m.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    const reaching = browserFiles.flatMap((file) =>
      importsOf(file)
        .filter((target) => sideOf(target) === "server")
        .map((target) => `${file} → ${target}`),
    );
    expect(reaching).toEqual([]);
  });

  it("keeps the console's endpoint table off the pages: the browser's code imports only its types", () => {
    // Its summaries, permissions and audit actions were 30 kB of every console page's first-load JavaScript; the
    // browser reads a key's method and path from the key itself (lib/universal/console-api/endpoint-url.ts).
    const TABLE = path.join("lib", "universal", "console-api", "endpoints.ts");
    const browserSide = [...sourceFiles("components"), ...sourceFiles("app"), ...lib].filter(
      (file) =>
        sideOf(file) === "client" || (sideOf(file) === null && !file.startsWith(path.join("app", "api"))),
    );
    const reaching = browserSide.filter((file) => runtimeImportsOf(file, { dynamic: true }).includes(TABLE));
    expect(reaching).toEqual([]);
  });

  it("keeps the approval queue's first load free of the whole currency and country tables and of dialogs' forms", () => {
    // What /approvals downloads before anything is opened: its page's imports that are not `import()` and not
    // type-only, followed through the project's own files. ISO 4217's names and countries (currency-codes) came in
    // through a one-line component of the configuration's diff list and the emergency hold's form through its
    // switch: 11 kB of the page's first load, over the 250 kB budget (docs/BENCHMARKS.md).
    const reached = new Set<string>();
    const walk = (file: string) => {
      if (reached.has(file) || !existsSync(path.join(ROOT, file))) return;
      reached.add(file);
      for (const target of runtimeImportsOf(file, { dynamic: false })) walk(target);
    };
    walk(path.join("app", "(console)", "approvals", "page.tsx"));
    expect(reached.size).toBeGreaterThan(20);
    const heavy = [
      path.join("shared", "contract", "currencies.ts"),
      path.join("lib", "universal", "intl", "currency-names.ts"),
      path.join("lib", "universal", "intl", "country-names.ts"),
      path.join("components", "ui", "form-dialog.tsx"),
    ];
    expect(heavy.filter((file) => reached.has(file))).toEqual([]);
  });

  it("has no circle of files, type-only imports included", () => {
    expect(circles([...lib, ...sourceFiles("components"), ...sourceFiles("app")])).toEqual([]);
  });
});
