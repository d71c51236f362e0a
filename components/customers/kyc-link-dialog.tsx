"use client";

import { KeyRound } from "lucide-react";
import * as React from "react";
import { PermittedButton } from "@/components/auth/permitted-button";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { Decision } from "@/lib/auth/permissions";

const KycLinkDialogContent = lazyWhenOpen(() =>
  import("./kyc-link-dialog-content").then((module) => module.KycLinkDialogContent),
);

/** The customer page's "Generate KYC link" action; its dialog (form and validation) loads when opened. */
export function KycLinkDialog({
  platformCustomerId,
  decision,
}: {
  platformCustomerId: string;
  decision: Decision;
}) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <PermittedButton
        variant="outline"
        decision={decision}
        onClick={() => setOpen(true)}
        {...KycLinkDialogContent.preloadOn(decision.allowed)}
      >
        <KeyRound aria-hidden="true" />
        Generate KYC link
      </PermittedButton>
      <KycLinkDialogContent platformCustomerId={platformCustomerId} open={open} onOpenChange={setOpen} />
    </>
  );
}
