import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { getDefaultConfig, twMerge } from "tailwind-merge";
import { createClassGroupUtils, createParseClassName } from "tailwind-merge/unstable-do-not-import";
import { describe, expect, it } from "vitest";
import { CONSOLE_CLASS_GROUPS } from "./class-groups";
import { cn } from "./utils";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every word of every string the console's code writes: its classes among them (Tailwind finds them the same way). */
function writtenWords(): string[] {
  const words = new Set<string>();
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory)) {
      const file = path.join(directory, entry);
      if (statSync(file).isDirectory()) {
        if (entry !== "node_modules") walk(file);
      } else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
        for (const match of readFileSync(file, "utf8").matchAll(/"([^"\n]*)"|'([^'\n]*)'|`([^`]*)`/g)) {
          for (const word of (match[1] ?? match[2] ?? match[3] ?? "").split(/\s+/)) if (word) words.add(word);
        }
      }
    }
  };
  for (const directory of ["components", "app", "lib"]) walk(path.join(ROOT, directory));
  return [...words].sort();
}

const config = getDefaultConfig();
const groups = createClassGroupUtils(config);
const parse = createParseClassName(config);

/** The class group tailwind-merge's full configuration puts a class in, or undefined for a word that is no class. */
function groupOf(word: string): string | undefined {
  const parsed = parse(word);
  if (parsed.isExternal) return undefined;
  const base = parsed.baseClassName;
  const position = parsed.maybePostfixModifierPosition;
  return (
    groups.getClassGroupId(base) || (position ? groups.getClassGroupId(base.slice(0, position)) : undefined)
  );
}

describe("the class groups cn merges", () => {
  const words = writtenWords();

  it("hold the group of every class the console writes", () => {
    const missing = words.flatMap((word) => {
      const group = groupOf(word);
      return group && !group.startsWith("arbitrary..") && !CONSOLE_CLASS_GROUPS.includes(group)
        ? [`${word}: add "${group}" to lib/universal/class-groups.ts`]
        : [];
    });
    expect(missing).toEqual([]);
    expect(words.length).toBeGreaterThan(1_000);
  });

  it("merge the console's classes as tailwind-merge's full configuration does", () => {
    const classes = words.filter((word) => groupOf(word) !== undefined);
    const differences: string[] = [];
    // Each class with the next twenty in order, where the classes of one group and variant sit together.
    for (let index = 0; index < classes.length; index++) {
      for (const other of classes.slice(index + 1, index + 21)) {
        const first = classes[index] as string;
        for (const [left, right] of [
          [first, other],
          [other, first],
        ] as const) {
          const full = twMerge(left, right);
          const pruned = cn(left, right);
          if (pruned !== full) differences.push(`${left} + ${right}: ${pruned} (full: ${full})`);
        }
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  });
});
