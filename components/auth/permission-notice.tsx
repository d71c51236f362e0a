import { Lock } from "lucide-react";
import { cn } from "@/lib/universal/utils";

/**
 * Says plainly, on the page, what this role cannot do here and why: tooltips alone reach too few people. `partial`
 * when the role may still change other parts of the page (a developer's transfers and funding beside the platform's
 * bank accounts), so the notice does not say the whole page is read-only.
 */
export function PermissionNotice({
  reasons,
  partial = false,
  className,
}: {
  reasons: (string | undefined)[];
  partial?: boolean;
  className?: string;
}) {
  const unique = [...new Set(reasons.filter((reason): reason is string => Boolean(reason)))];
  if (unique.length === 0) return null;
  return (
    <div
      role="note"
      className={cn(
        "flex items-start gap-2.5 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2.5 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300",
        className,
      )}
    >
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
      <div className="flex flex-col gap-0.5">
        <p className="font-medium text-zinc-900 dark:text-zinc-100">
          {partial ? "Some of this page is view-only for you." : "You can view this page but not change it."}
        </p>
        {unique.map((reason) => (
          <p key={reason}>{reason}</p>
        ))}
      </div>
    </div>
  );
}
