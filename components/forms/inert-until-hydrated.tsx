"use client";

import type { ReactNode } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * A form's controls, disabled until the page's code has taken the form over. A form the server renders with its
 * record (lib/server/page-reads/page-read.ts) shows before its code runs: typed into then, react-hook-form would put the
 * record's values back over what was typed, and a press of Enter or of its submit button would send the form the
 * browser's own way (a reload with every field in the address).
 */
export function InertUntilHydrated({
  disabled = false,
  className = "contents",
  children,
}: {
  /** Inert for another reason too (a role that may not use the form), hydrated or not. */
  disabled?: boolean;
  /** The fieldset's own layout; by default it adds none. */
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={disabled || !hydrated} aria-busy={hydrated ? undefined : true} className={className}>
      {children}
    </fieldset>
  );
}
