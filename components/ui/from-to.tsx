import { ArrowRight } from "lucide-react";
import type * as React from "react";

/** A value before and after a change, struck through and then new: "~~$500.00~~ → $1,000.00". */
export function FromTo({ from, to }: { from: React.ReactNode; to: React.ReactNode }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="text-zinc-500 dark:text-zinc-400 line-through decoration-zinc-400">{from}</span>
      <ArrowRight aria-label="changes to" className="size-3.5 text-zinc-400" />
      <span className="font-medium">{to}</span>
    </span>
  );
}
