"use client";

import { EyeOff } from "lucide-react";
import { useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorDetails } from "@/components/ui/error-details";
import { ReasonField } from "@/components/ui/reason-field";
import { revealCounterpartyField } from "@/lib/client/api/privacy";
import { isVisibleReason, MIN_REASON_VISIBLE_CHARACTERS } from "@/lib/universal/privacy/reason";

interface Props {
  transactionId: string;
  field: string;
  /** What the person is told the field is: "Date of birth". */
  label: string;
  value: string;
  /** Masked by the server for this person's role (lib/privacy); revealed only with a reason, audited. */
  masked: boolean;
}

/**
 * One field of what a counterparty shared. Masked for the person's role, it shows the mask and a Reveal button:
 * compliance says why, the server records it in the audit log and answers the value, shown here until the page
 * is left.
 */
export function CounterpartyValue({ transactionId, field, label, value, masked }: Props) {
  const decide = usePermission("approvals.decide");
  const [open, setOpen] = useState(false);
  const [justification, setJustification] = useState("");
  const [revealed, setRevealed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!masked) return <>{value}</>;
  if (revealed !== null) {
    return (
      <span className="inline-flex flex-wrap items-baseline justify-end gap-x-2">
        <span>{revealed}</span>
        <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">revealed · audited</span>
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
      <span className="inline-flex items-center gap-1 text-zinc-600 dark:text-zinc-400">
        <EyeOff aria-hidden="true" className="size-3.5" />
        <span>{value}</span>
        <span className="sr-only">(masked)</span>
      </span>
      <PermittedButton
        decision={
          decide.allowed
            ? decide
            : { allowed: false, reason: "Only compliance officers and admins reveal personal data." }
        }
        variant="outline"
        size="sm"
        className="h-7 px-2 text-xs"
        onClick={() => setOpen(true)}
      >
        Reveal<span className="sr-only"> {label}</span>
      </PermittedButton>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) setError(null);
          setOpen(next);
        }}
        title={`Reveal the sender's ${label.toLowerCase()}?`}
        description="Personal data is masked unless your work needs it. Your reason is kept in the audit log with your name."
        confirmLabel="Reveal"
        pendingLabel="Revealing…"
        confirmDisabled={!isVisibleReason(justification)}
        onConfirm={async () => {
          setError(null);
          try {
            const answer = await revealCounterpartyField({ transactionId, field, justification });
            setRevealed(answer.value);
          } catch (caught) {
            setError(errorDetails(caught).message);
            throw caught;
          }
        }}
      >
        <ReasonField
          label="Why you need it"
          requirement={`required; at least ${MIN_REASON_VISIBLE_CHARACTERS} letters or digits`}
          value={justification}
          onChange={setJustification}
          maxLength={500}
          problem={error ?? undefined}
        />
      </ConfirmDialog>
    </span>
  );
}
