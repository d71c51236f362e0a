import { type ClassValue, clsx } from "clsx";
import { createTailwindMerge, getDefaultConfig } from "tailwind-merge";
import { CONSOLE_CLASS_GROUPS } from "./class-groups";

/**
 * tailwind-merge over its own default configuration, keeping only the class groups the console writes: its class
 * map is built on a page's first merge, in about half the time (decision 0070; class-groups.test.ts checks that every
 * class the console writes merges as with the full configuration).
 */
const twMerge = createTailwindMerge(() => {
  const config = getDefaultConfig();
  const kept = new Set(CONSOLE_CLASS_GROUPS);
  const classGroups = Object.fromEntries(
    Object.entries(config.classGroups).filter(([group]) => kept.has(group)),
  ) as typeof config.classGroups;
  return { ...config, classGroups };
});

/**
 * Joins class names and lets a later Tailwind utility override an earlier one (`px-2` then `px-4` → `px-4`), with
 * tailwind-merge's default configuration: the console's only custom utilities are the `brand` colours of
 * app/globals.css, which it takes as colours like any other (lib/universal/utils.test.ts).
 */
export function cn(...inputs: ClassValue[]): string {
  return soleClassString(inputs) ?? twMerge(clsx(inputs));
}

/**
 * One class string and nothing to override it with: returned as it is. tailwind-merge reads every class of every
 * list it is given, a large share of a form page's hydration on a slow machine (profiles under 4x CPU throttling:
 * 50-175 ms a page), while a list written in one piece has nothing to merge: the console writes none that overrides
 * itself (e2e/class-lists-hold-no-overrides.spec.ts reads every element of every page), and variants of a cva are
 * merged once per variant by `mergedVariants`.
 */
function soleClassString(inputs: ClassValue[]): string | undefined {
  let sole: string | undefined;
  for (const input of inputs) {
    if (!input) continue;
    if (sole !== undefined || typeof input !== "string") return undefined;
    sole = input;
  }
  return sole;
}

/**
 * A cva's classes merged once per variant (a variant may override its base: a destructive button's ring colour, a
 * link button's height), so a component without a className of its own gets them without merging again.
 */
export function mergedVariants<Props>(variants: (props?: Props) => string): (props?: Props) => string {
  const merged = new Map<string, string>();
  return (props) => {
    const key = JSON.stringify(props ?? {});
    let classes = merged.get(key);
    if (classes === undefined) {
      classes = twMerge(variants(props));
      merged.set(key, classes);
    }
    return classes;
  };
}

/** The one visible keyboard-focus style, so every control shows focus the same way. */
export const focusRing =
  "outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-offset-zinc-950";
