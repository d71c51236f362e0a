"use client";

import { EyeOff, ShieldAlert } from "lucide-react";
import { useState } from "react";
import type { PaymentEvidence } from "@/lib/universal/evidence/payment-evidence-types";
import { EvidenceDocument } from "./evidence-document";
import { EvidenceRevealButton } from "./evidence-reveal-button";

/**
 * The printable evidence as the server rendered it (masked as the person's role sees the payment), and the way to
 * unmask it with a reason: the unmasked document then replaces it here, until the page is left.
 */
export function EvidenceView({ evidence: initial }: { evidence: PaymentEvidence }) {
  const [evidence, setEvidence] = useState(initial);
  const { personalData } = evidence;
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-label="Personal data in this evidence"
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800"
      >
        {personalData.form === "masked" ? (
          <p className="flex items-center gap-2">
            <EyeOff aria-hidden="true" className="size-4" />
            {personalData.maskedFields.length > 0
              ? `Masked as your role sees it: ${personalData.maskedFields.join(", ")}.`
              : "Nothing is masked for your role."}
          </p>
        ) : (
          <p className="flex items-center gap-2 font-medium">
            <ShieldAlert aria-hidden="true" className="size-4" />
            {`Unmasked with your reason · audited${
              personalData.unmaskedFields.length > 0 ? `: ${personalData.unmaskedFields.join(", ")}` : ""
            }.`}
          </p>
        )}
        {personalData.form === "masked" && personalData.maskedFields.length > 0 ? (
          <EvidenceRevealButton
            transactionId={evidence.transactionId}
            form="page"
            label="Unmask with a reason"
            onUnmasked={setEvidence}
          />
        ) : null}
      </section>
      <EvidenceDocument evidence={evidence} />
    </div>
  );
}
