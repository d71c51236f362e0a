import { cn } from "@/lib/universal/utils";

/** A labelled progress bar; without a known total it shows activity without claiming a percentage. */
export function ProgressBar({
  label,
  value,
  max,
  valueText,
  tone = "brand",
  className,
}: {
  label: string;
  value: number;
  /** 0 or less: the total is not known yet. */
  max: number;
  /** Read by screen readers instead of the percentage, e.g. "3 of 5 rows". */
  valueText?: string;
  tone?: "brand" | "success" | "danger";
  className?: string;
}) {
  const known = max > 0;
  const percent = known ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={known ? max : undefined}
      aria-valuenow={known ? Math.min(value, max) : undefined}
      aria-valuetext={valueText ?? (known ? `${percent}%` : "Starting")}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800", className)}
    >
      <div
        className={cn(
          "h-full rounded-full transition-[width] duration-300",
          tone === "brand" && "bg-brand-600",
          tone === "success" && "bg-emerald-600",
          tone === "danger" && "bg-red-600",
          !known && "w-1/3 animate-pulse",
        )}
        style={known ? { width: `${percent}%` } : undefined}
      />
    </div>
  );
}
