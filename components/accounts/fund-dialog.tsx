"use client";

import { FlaskConical } from "lucide-react";
import { PermittedButton } from "@/components/auth/permitted-button";
import { LazyDialogTrigger } from "@/components/ui/lazy-dialog-trigger";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { Decision } from "@/lib/universal/auth/permissions";
import type { InternalAccount } from "@/shared/contract";

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
  return (
    <LazyDialogTrigger
      dialog={FundDialogContent}
      dialogProps={{ account, ownerLabel }}
      enabled={decision.allowed}
    >
      {(trigger) => (
        <PermittedButton variant="outline" size="sm" decision={decision} {...trigger}>
          <FlaskConical aria-hidden="true" />
          Fund
          <span className="sr-only"> the {account.balance.currency.code} account</span>
        </PermittedButton>
      )}
    </LazyDialogTrigger>
  );
}
