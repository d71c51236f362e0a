"use client";

import { PermittedButton } from "@/components/auth/permitted-button";
import { Button } from "@/components/ui/button";
import type { Decision } from "@/lib/auth/permissions";

/** The bar that stays at the bottom: whether there are unsaved changes, discarding them, reviewing them. */
export function SaveBar({
  permission,
  notice,
  isDirty,
  discard,
  needsSecondAdmin,
}: {
  permission: Decision;
  notice: string | null;
  isDirty: boolean;
  discard: () => void;
  /** The edits touch a part that needs a second admin (four-eyes): saving proposes them. */
  needsSecondAdmin: boolean;
}) {
  const readOnly = !permission.allowed;
  return (
    <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/95">
      <p id="config-save-status" className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
        {readOnly
          ? permission.reason
          : notice
            ? notice
            : isDirty
              ? "You have unsaved changes."
              : "No unsaved changes."}
      </p>
      <div className="flex items-center gap-2">
        {readOnly ? null : (
          <Button variant="outline" onClick={discard} disabled={!isDirty}>
            Discard changes
          </Button>
        )}
        <PermittedButton decision={permission} type="submit">
          {needsSecondAdmin && isDirty ? "Propose change — needs a second admin" : "Review changes"}
        </PermittedButton>
      </div>
    </div>
  );
}
