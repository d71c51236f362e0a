import { CopyButton } from "@/components/ui/copy-button";
import { cn } from "@/lib/universal/utils";

/** An identifier in monospace with a copy button; long ids wrap rather than overflow their column. */
export function IdValue({
  value,
  label,
  className,
}: {
  value: string;
  /** What it is, for the copy button's name and toast: "transaction id". */
  label: string;
  className?: string;
}) {
  return (
    <span className={cn("inline-flex max-w-full items-center gap-1", className)}>
      <span className="min-w-0 break-all font-mono text-xs">{value}</span>
      <CopyButton value={value} label={label} className="size-6 shrink-0" />
    </span>
  );
}
