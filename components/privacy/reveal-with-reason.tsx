"use client";

import type * as React from "react";
import { useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorDetails } from "@/components/ui/error-details";
import { ReasonField } from "@/components/ui/reason-field";
import {
  isVisibleReason,
  MAX_REASON_LENGTH,
  MIN_REASON_VISIBLE_CHARACTERS,
} from "@/lib/universal/privacy/reason";

interface Props {
  /** The button's content (its accessible name). */
  button: React.ReactNode;
  buttonClassName?: string;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  /** Asks the server with the person's reason; the server records it in the audit log before it answers. */
  onReveal: (justification: string) => Promise<void>;
}

/**
 * Personal data unmasked only with a stated reason (a field of a counterparty, a payment's evidence): the button,
 * for compliance officers and admins, opens a dialog that asks why; a refusal is said beside the reason.
 */
export function RevealWithReason({
  button,
  buttonClassName,
  title,
  description,
  confirmLabel,
  pendingLabel,
  onReveal,
}: Props) {
  const decide = usePermission("approvals.decide");
  const [open, setOpen] = useState(false);
  const [justification, setJustification] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <PermittedButton
        decision={
          decide.allowed
            ? decide
            : { allowed: false, reason: "Only compliance officers and admins reveal personal data." }
        }
        variant="outline"
        size="sm"
        className={buttonClassName}
        onClick={() => setOpen(true)}
      >
        {button}
      </PermittedButton>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) setError(null);
          setOpen(next);
        }}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        pendingLabel={pendingLabel}
        confirmDisabled={!isVisibleReason(justification)}
        onConfirm={async () => {
          setError(null);
          try {
            await onReveal(justification);
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
          maxLength={MAX_REASON_LENGTH}
          problem={error ?? undefined}
        />
      </ConfirmDialog>
    </>
  );
}
