"use client";

import { ArrowLeftRight } from "lucide-react";
import { PermittedButton } from "@/components/auth/permitted-button";
import { LazyDialogTrigger } from "@/components/ui/lazy-dialog-trigger";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { Decision } from "@/lib/universal/auth/permissions";
import type { InternalAccount } from "@/shared/contract";

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
  outOnly = false,
}: {
  account: InternalAccount;
  /** "Acme Ltd" or "the platform", for sentences. */
  ownerLabel: string;
  decision: Decision;
  /** Where the owner's bank accounts are managed, for the empty state. */
  customerHref?: string;
  /** A retired currency's account: the dialog offers only Transfer out. */
  outOnly?: boolean;
}) {
  return (
    <LazyDialogTrigger
      dialog={TransferDialogContent}
      dialogProps={{ account, ownerLabel, customerHref, outOnly }}
      enabled={decision.allowed}
    >
      {(trigger) => (
        <PermittedButton variant="outline" size="sm" decision={decision} {...trigger}>
          <ArrowLeftRight aria-hidden="true" />
          Transfer
          <span className="sr-only"> with the {account.balance.currency.code} account</span>
        </PermittedButton>
      )}
    </LazyDialogTrigger>
  );
}
