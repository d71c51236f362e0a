"use client";

import { FlaskConical } from "lucide-react";
import * as React from "react";
import { PermittedButton } from "@/components/auth/permitted-button";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { Decision } from "@/lib/auth/permissions";
import type { InternalAccount } from "@/lib/contract";

const FundDialogContent = lazyWhenOpen(() =>
  import("./fund-dialog-content").then((module) => module.FundDialogContent),
);

/** Sandbox only: credits an internal account at once, as if money had arrived. The dialog loads when opened. */
export function FundDialog({
  account,
  ownerLabel,
  decision,
}: {
  account: InternalAccount;
  ownerLabel: string;
  decision: Decision;
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
        {...FundDialogContent.preloadOn(decision.allowed)}
      >
        <FlaskConical aria-hidden="true" />
        Fund
        <span className="sr-only"> the {currency.code} account</span>
      </PermittedButton>
      <FundDialogContent account={account} ownerLabel={ownerLabel} open={open} onOpenChange={setOpen} />
    </>
  );
}
