"use client";

import { useQueryClient } from "@tanstack/react-query";
import { EyeOff } from "lucide-react";
import { useRef } from "react";
import { revealCounterpartyField } from "@/lib/client/api/privacy";
import { rememberRevealed, useRevealedOnPage } from "@/lib/client/privacy/revealed-on-page";
import { RevealWithReason } from "./reveal-with-reason";

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
 * compliance says why, the server records it in the audit log and answers the value, shown here (and wherever
 * else the page shows the field: the screening compares it too) until the page is left.
 */
export function CounterpartyValue({ transactionId, field, label, value, masked }: Props) {
  // Revealed here or elsewhere on the page (the screening's comparison), shown until the page is left.
  const revealed = useRevealedOnPage(transactionId)[field]?.value ?? null;
  const queryClient = useQueryClient();
  // Revealed from this field's own button: the button goes with the mask, so the keyboard moves to the value.
  const focusValue = useRef(false);
  if (!masked) return <>{value}</>;
  if (revealed !== null) {
    return (
      <span
        tabIndex={-1}
        ref={(element) => {
          if (element && focusValue.current) {
            focusValue.current = false;
            // After the closing dialog has given focus back to its (now gone) opener.
            requestAnimationFrame(() => element.focus());
          }
        }}
        className="inline-flex flex-wrap items-baseline justify-end gap-x-2 rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600"
      >
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
      <RevealWithReason
        button={
          <>
            Reveal<span className="sr-only"> {label}</span>
          </>
        }
        buttonClassName="h-7 px-2 text-xs"
        title={`Reveal the sender's ${label.toLowerCase()}?`}
        description="Personal data is masked unless your work needs it. Your reason is kept in the audit log with your name."
        confirmLabel="Reveal"
        pendingLabel="Revealing…"
        onReveal={async (justification) => {
          const answer = await revealCounterpartyField({ transactionId, field, justification });
          focusValue.current = true;
          rememberRevealed(queryClient, transactionId, field, answer.value, justification);
        }}
      />
    </span>
  );
}
