import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names and lets a later Tailwind utility override an earlier one (`px-2` then `px-4` → `px-4`), with
 * tailwind-merge's default configuration: the console's only custom utilities are the `brand` colours of
 * app/globals.css, which it takes as colours like any other (lib/utils.test.ts).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** The one visible keyboard-focus style, so every control shows focus the same way. */
export const focusRing =
  "outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-offset-zinc-950";
