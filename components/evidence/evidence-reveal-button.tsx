"use client";

import { Eye } from "lucide-react";
import { RevealWithReason } from "@/components/privacy/reveal-with-reason";
import { consoleCall } from "@/lib/client/api/client";
import type { PaymentEvidence } from "@/lib/universal/evidence/payment-evidence-types";

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
  return (
    <RevealWithReason
      button={
        <>
          <Eye aria-hidden="true" />
          {label}
        </>
      }
      buttonClassName="print:hidden"
      title="Unmask the evidence's personal data?"
      description="The evidence is masked as your role sees the payment. Your reason is kept in the audit log with your name, the payment and the fields unmasked."
      confirmLabel="Unmask"
      pendingLabel="Unmasking…"
      onReveal={async (justification) =>
        onUnmasked(
          await consoleCall("POST /api/transactions/[transactionId]/evidence", {
            params: { transactionId },
            body: { justification, form },
          }),
        )
      }
    />
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
