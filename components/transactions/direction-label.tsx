import { ArrowDownLeft, ArrowUpRight } from "lucide-react";
import { cn } from "@/lib/universal/utils";
import type { TransactionType } from "@/shared/contract";

/** Incoming or outgoing, in words with an arrow, never by colour alone. */
export function DirectionLabel({ type, className }: { type: TransactionType; className?: string }) {
  const incoming = type === "INCOMING";
  const Icon = incoming ? ArrowDownLeft : ArrowUpRight;
  return (
    <span className={cn("inline-flex items-center gap-1.5 whitespace-nowrap", className)}>
      <Icon
        aria-hidden="true"
        className={cn(
          "size-4 shrink-0",
          incoming ? "text-emerald-600 dark:text-emerald-400" : "text-sky-600 dark:text-sky-400",
        )}
      />
      {incoming ? "Incoming" : "Outgoing"}
    </span>
  );
}
