"use client";

import { Eye } from "lucide-react";
import { useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorDetails } from "@/components/ui/error-details";
import { ReasonField } from "@/components/ui/reason-field";
import { consoleCall } from "@/lib/client/api/client";
import type { PaymentEvidence } from "@/lib/universal/evidence/payment-evidence-types";
import {
  isVisibleReason,
  MAX_REASON_LENGTH,
  MIN_REASON_VISIBLE_CHARACTERS,
} from "@/lib/universal/privacy/reason";

interface Props {
  transactionId: string;
  /** Where the unmasked evidence goes: the JSON download or the printable page (recorded with the reason). */
  form: "download" | "page";
  label: string;
  onUnmasked: (evidence: PaymentEvidence) => void;
}

/**
 * Evidence unmasked, as a reveal is: the person states why, the server records the reason, the payment and the
 * fields in the audit log (evidence.reveal) and answers the evidence without the role's mask.
 */
export function EvidenceRevealButton({ transactionId, form, label, onUnmasked }: Props) {
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
        className="print:hidden"
        onClick={() => setOpen(true)}
      >
        <Eye aria-hidden="true" />
        {label}
      </PermittedButton>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) setError(null);
          setOpen(next);
        }}
        title="Unmask the evidence's personal data?"
        description="The evidence is masked as your role sees the payment. Your reason is kept in the audit log with your name, the payment and the fields unmasked."
        confirmLabel="Unmask"
        pendingLabel="Unmasking…"
        confirmDisabled={!isVisibleReason(justification)}
        onConfirm={async () => {
          setError(null);
          try {
            const evidence = await consoleCall("POST /api/transactions/[transactionId]/evidence", {
              params: { transactionId },
              body: { justification, form },
            });
            onUnmasked(evidence);
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

/** Saves the evidence as the JSON file the GET download gives (same name, same layout). */
export function saveEvidenceFile(evidence: PaymentEvidence): void {
  const file = `evidence-${evidence.transactionId.replace(/[^A-Za-z0-9-]/g, "_")}.json`;
  const url = URL.createObjectURL(
    new Blob([`${JSON.stringify(evidence, null, 2)}\n`], { type: "application/json" }),
  );
  const link = document.createElement("a");
  link.href = url;
  link.download = file;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
