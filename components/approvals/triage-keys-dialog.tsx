"use client";

import { Dialog, DialogContent } from "@/components/ui/dialog";
import { TRIAGE_KEYS } from "@/lib/universal/approvals/triage-keys";

/** The approval queue's keys (opened with "?" or the toolbar's button). */
export function TriageKeysDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Keyboard shortcuts"
        description="On the approval queue, outside a text field. A and R open the same dialogs as the buttons."
      >
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {TRIAGE_KEYS.map((entry) => (
            <div key={entry.key} className="contents">
              <dt>
                <kbd className="inline-flex min-w-7 justify-center rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-xs font-semibold shadow-sm dark:border-zinc-700 dark:bg-zinc-800">
                  {entry.key}
                </kbd>
              </dt>
              <dd>{entry.does}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
