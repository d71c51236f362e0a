"use client";

import { Lock } from "lucide-react";

/** Why a section's fields cannot change. */
export function LockedNote({ text }: { text: string }) {
  return (
    <p className="flex items-start gap-1.5 text-sm text-amber-800 dark:text-amber-300">
      <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      {text}
    </p>
  );
}
