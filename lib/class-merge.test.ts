import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createTailwindMerge, extendTailwindMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { classMergeConfig, mergeClasses } from "./class-merge";

const ROOT = path.resolve(import.meta.dirname, "..");

// Without caches: every input here is new, and filling a cache with them only costs time.
const reference = extendTailwindMerge({ cacheSize: 0 });
const ours = createTailwindMerge(() => ({ ...classMergeConfig(), cacheSize: 0 }));

/**
 * One class per shape: classes that differ only in numbers or colour names (`px-2`, `px-4`; `text-zinc-500`,
 * `text-red-700`) fall in the same group under both configurations, so one of them stands for all.
 */
function shape(name: string): string {
  return name
    .replace(/\d+(\.\d+)?/g, "0")
    .replace(
      /\b(slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|brand|white|black)\b/g,
      "c",
    );
}

/** Every Tailwind-looking class in the console's source (app, components, lib), as written, variants included. */
function classesInSource(): string[] {
  const files: string[] = [];
  const walk = (directory: string) => {
    for (const name of readdirSync(directory)) {
      const full = path.join(directory, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !name.endsWith(".test.ts") && name !== "class-merge.ts")
        files.push(full);
    }
  };
  for (const directory of ["app", "components", "lib"]) walk(path.join(ROOT, directory));
  const classes = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, "utf8").matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
      for (const token of (match[2] ?? "").split(/\s+/)) {
        if (/^!?[a-z0-9:[\]().%/_#,=&>*@-]+$/i.test(token) && /[a-z]/.test(token) && !token.includes("${")) {
          classes.add(token);
        }
      }
    }
  }
  const byShape = new Map<string, string>();
  for (const name of [...classes].sort()) if (!byShape.has(shape(name))) byShape.set(shape(name), name);
  return [...byShape.values()];
}

describe("mergeClasses", () => {
  // Every pair of the source's classes through both configurations: about 20 s on a two-core machine, more when busy.
  it("resolves every pair of classes in the source as tailwind-merge's full configuration does", () => {
    const classes = classesInSource();
    expect(classes.length).toBeGreaterThan(150);
    // Classes conflict only under the same variants (`dark:`, `hover:`…) and importance, so pairs are formed within
    // each such set.
    const byVariants = new Map<string, string[]>();
    for (const name of classes) {
      const variants = name
        .replace(/\[[^\]]*\]/g, "[]")
        .split(":")
        .slice(0, -1)
        .join(":");
      const key = `${variants}|${name.includes("!")}`;
      byVariants.set(key, [...(byVariants.get(key) ?? []), name]);
    }
    const differences: string[] = [];
    for (const group of byVariants.values()) {
      for (const first of group) {
        for (const second of group) {
          if (first === second) continue;
          const input = `${first} ${second}`;
          const merged = ours(input);
          const expected = reference(input);
          if (merged !== expected) differences.push(`"${input}" → "${merged}", expected "${expected}"`);
        }
      }
    }
    expect(differences.slice(0, 40)).toEqual([]);
  }, 120_000);

  it("lets a later class override an earlier one of the same group, per variant", () => {
    expect(mergeClasses("h-9 w-full px-4 text-sm", "h-8 px-2 text-xs")).toBe("w-full h-8 px-2 text-xs");
    expect(mergeClasses("dark:text-zinc-100 text-zinc-900", "dark:text-zinc-400")).toBe(
      "text-zinc-900 dark:text-zinc-400",
    );
    expect(
      mergeClasses(
        "focus-visible:ring-offset-2 focus-visible:ring-offset-white",
        "focus-visible:ring-offset-0",
      ),
    ).toBe("focus-visible:ring-offset-white focus-visible:ring-offset-0");
    expect(mergeClasses("size-4", "size-3.5")).toBe("size-3.5");
    expect(mergeClasses("leading-none font-medium", "text-sm font-normal")).toBe("text-sm font-normal");
    expect(mergeClasses("p-5 pb-0", "pb-4")).toBe("p-5 pb-4");
  });
});
