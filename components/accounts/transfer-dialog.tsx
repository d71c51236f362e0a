"use client";

import { ArrowLeftRight } from "lucide-react";
import * as React from "react";
import { PermittedButton } from "@/components/auth/permitted-button";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { Decision } from "@/lib/auth/permissions";
import type { InternalAccount } from "@/lib/contract";

const TransferDialogContent = lazyWhenOpen(() =>
  import("./transfer-dialog-content").then((module) => module.TransferDialogContent),
);

/**
 * Moves money between an internal account and one of its owner's bank accounts in the same currency. The dialog
 * (amount, review step, validation) loads when it is first opened.
 */
export function TransferDialog({
  account,
  ownerLabel,
  decision,
  customerHref,
}: {
  account: InternalAccount;
  /** "Acme Ltd" or "the platform", for sentences. */
  ownerLabel: string;
  decision: Decision;
  /** Where the owner's bank accounts are managed, for the empty state. */
  customerHref?: string;
}) {
  const [open, setOpen] = React.useState(false);
  const currency = account.balance.currency;
  return (
    <>
      <PermittedButton
        variant="outline"
        size="sm"
        decision={decision}
        onClick={() => setOpen(true)}
        {...TransferDialogContent.preloadOn(decision.allowed)}
      >
        <ArrowLeftRight aria-hidden="true" />
        Transfer
        <span className="sr-only"> with the {currency.code} account</span>
      </PermittedButton>
      <TransferDialogContent
        account={account}
        ownerLabel={ownerLabel}
        customerHref={customerHref}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
