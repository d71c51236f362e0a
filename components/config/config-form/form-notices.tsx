"use client";

import { Info } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { Decision } from "@/lib/universal/auth/permissions";

/** Why the form is read-only, or that someone else saved the configuration during this edit. */
export function FormNotices({
  permission,
  changedElsewhere,
  isDirty,
  discard,
}: {
  permission: Decision;
  changedElsewhere: boolean;
  isDirty: boolean;
  discard: () => void;
}) {
  const readOnly = !permission.allowed;
  return (
    <>
      {readOnly ? (
        <p className="flex items-start gap-2 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
          You can read the configuration but not change it. {permission.reason}
        </p>
      ) : null}
      {changedElsewhere && isDirty ? (
        <p
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          Someone saved the configuration while you were editing. A save of a part they changed is refused, so
          as not to undo theirs: load theirs, then make your change again.
          <Button variant="outline" size="sm" onClick={discard}>
            Discard mine and load theirs
          </Button>
        </p>
      ) : null}
    </>
  );
}
