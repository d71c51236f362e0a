"use client";

import { CircleAlert, CircleCheck } from "lucide-react";
import { useRef } from "react";
import { PermittedButton } from "@/components/auth/permitted-button";
import { Button } from "@/components/ui/button";
import { useKeepFocusClearOf } from "@/lib/client/browser/keep-focus-clear";
import type { Decision } from "@/lib/universal/auth/permissions";
import { cn, focusRing } from "@/lib/universal/utils";
import { NOTHING_CHANGED, type SaveNotice, saveStatus } from "./save-status";

const TONE_CLASSES: Record<SaveNotice["tone"] | "plain", string> = {
  plain: "text-zinc-600 dark:text-zinc-400",
  info: "text-zinc-700 dark:text-zinc-300",
  saved: "font-medium text-emerald-700 dark:text-emerald-400",
  attention: "font-medium text-red-700 dark:text-red-400",
};

const PROPOSAL_WAITING =
  "A configuration change already waits for a second admin above: another is proposed once it is decided or withdrawn.";

/**
 * The bar that stays at the bottom: what the last save came to or whether there are unsaved changes, discarding them,
 * reviewing them. "Review changes" waits (disabled, with the reason) until the form differs from the configuration.
 */
export function SaveBar({
  permission,
  notice,
  isDirty,
  hasErrors,
  discard,
  needsSecondAdmin,
  proposalWaiting,
  decidedProposals,
}: {
  permission: Decision;
  notice: SaveNotice | null;
  isDirty: boolean;
  /** Some field is in error (the browser's checks or the server's). */
  hasErrors: boolean;
  discard: () => void;
  /** The edits touch a part that needs a second admin (four-eyes): saving proposes them. */
  needsSecondAdmin: boolean;
  /** A configuration change already waits for a second admin: another cannot be proposed until it is decided. */
  proposalWaiting: boolean;
  /** The proposals known decided: a "Change proposed" notice about one of them is no longer said. */
  decidedProposals: ReadonlySet<string>;
}) {
  const readOnly = !permission.allowed;
  const status = saveStatus({
    readOnly,
    reason: permission.reason ?? "",
    notice,
    isDirty,
    hasErrors,
    decidedProposals,
  });
  const Icon = status.tone === "saved" ? CircleCheck : status.tone === "attention" ? CircleAlert : null;
  const bar = useRef<HTMLDivElement>(null);
  useKeepFocusClearOf(bar);
  return (
    <div
      ref={bar}
      className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/95"
    >
      <p
        id="config-save-status"
        role="status"
        // Focus comes here after a save or a discard, whose button is then greyed out: it reads what happened.
        tabIndex={-1}
        className={cn("flex items-center gap-1.5 rounded-sm text-sm", focusRing, TONE_CLASSES[status.tone])}
      >
        {Icon ? <Icon aria-hidden="true" className="size-4 shrink-0" /> : null}
        {/* Why the button is greyed out, said on the page and not only on hover. */}
        {!readOnly && isDirty && needsSecondAdmin && proposalWaiting ? PROPOSAL_WAITING : status.text}
      </p>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {readOnly ? null : (
          <Button
            variant="outline"
            onClick={() => {
              discard();
              // The button is disabled once nothing is left to discard: focus stays in the bar, on what it says.
              requestAnimationFrame(() => document.getElementById("config-save-status")?.focus());
            }}
            disabled={!isDirty}
          >
            Discard changes
          </Button>
        )}
        {/* Nothing to review while the form is the saved configuration: the bar's line says so beside it. */}
        <PermittedButton
          decision={
            readOnly
              ? permission
              : !isDirty
                ? { allowed: false, reason: NOTHING_CHANGED }
                : needsSecondAdmin && proposalWaiting
                  ? { allowed: false, reason: PROPOSAL_WAITING }
                  : permission
          }
          type="submit"
        >
          {needsSecondAdmin && isDirty ? (
            // A phone's bar has room for the verb; the line beside it says a second admin decides.
            <>
              <span className="sm:hidden">Propose change</span>
              <span className="hidden sm:inline">Propose change — needs a second admin</span>
            </>
          ) : (
            "Review changes"
          )}
        </PermittedButton>
      </div>
    </div>
  );
}
