"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, type ReturnFocusTo } from "@/components/ui/dialog";
import { type ConfigChange, countChanges } from "@/lib/universal/config/diff";
import { type FourEyesPart, fourEyesPartsInWords } from "@/lib/universal/config/four-eyes-rule";
import { ConfigDiffList } from "./config-diff-list";

/** The last step before a save: exactly what will change, and a confirmation. */
export function ReviewChangesDialog({
  changes,
  open,
  onOpenChange,
  onConfirm,
  saving,
  error,
  needsSecondAdmin,
  returnFocusTo,
}: {
  changes: readonly ConfigChange[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  saving: boolean;
  error: string | null;
  /** The parts of these changes that need a second admin: saving stores them as a proposal. */
  needsSecondAdmin: readonly FourEyesPart[];
  /** Where focus goes as it closes, when not back to the button that opened it (after a save: what it came to). */
  returnFocusTo?: ReturnFocusTo;
}) {
  const count = countChanges(changes);
  const proposing = needsSecondAdmin.length > 0;
  const parts = fourEyesPartsInWords(needsSecondAdmin);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing while the request runs would hide whether the change happened.
        if (!saving) onOpenChange(next);
      }}
    >
      <DialogContent
        title="Review configuration changes"
        description={
          proposing
            ? `Changes to ${parts} need a second admin: saving proposes these changes, and they apply only when another admin approves them.`
            : "These changes apply to the live platform as soon as you confirm. Check them before saving."
        }
        className="max-w-2xl"
        returnFocusTo={returnFocusTo}
      >
        <ConfigDiffList changes={changes} label="Changes to save" review />
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
            Keep editing
          </Button>
          <Button onClick={onConfirm} loading={saving} loadingText={proposing ? "Proposing…" : "Saving…"}>
            {proposing ? "Propose" : "Save"} {count} change{count === 1 ? "" : "s"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
