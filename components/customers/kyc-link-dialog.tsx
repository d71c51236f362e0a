"use client";

import { KeyRound } from "lucide-react";
import { PermittedButton } from "@/components/auth/permitted-button";
import { LazyDialogTrigger } from "@/components/ui/lazy-dialog-trigger";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { Decision } from "@/lib/universal/auth/permissions";

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
  return (
    <LazyDialogTrigger
      dialog={KycLinkDialogContent}
      dialogProps={{ platformCustomerId }}
      enabled={decision.allowed}
    >
      {(trigger) => (
        <PermittedButton variant="outline" decision={decision} {...trigger}>
          <KeyRound aria-hidden="true" />
          Generate KYC link
        </PermittedButton>
      )}
    </LazyDialogTrigger>
  );
}
