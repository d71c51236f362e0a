"use client";

import { Plus } from "lucide-react";
import * as React from "react";
import { PermittedButton } from "@/components/auth/permitted-button";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { Decision } from "@/lib/auth/permissions";

const AddExternalAccountDialogContent = lazyWhenOpen(() =>
  import("./add-external-account-dialog-content").then((module) => module.AddExternalAccountDialogContent),
);

/** Registers a bank account for a customer (customerId given) or for the platform; the form loads when opened. */
export function AddExternalAccountDialog({
  customerId,
  ownerLabel,
  decision,
}: {
  customerId?: string;
  ownerLabel: string;
  decision: Decision;
}) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <PermittedButton
        variant="outline"
        size="sm"
        decision={decision}
        onClick={() => setOpen(true)}
        {...AddExternalAccountDialogContent.preloadOn(decision.allowed)}
      >
        <Plus aria-hidden="true" />
        Add bank account
      </PermittedButton>
      <AddExternalAccountDialogContent
        customerId={customerId}
        ownerLabel={ownerLabel}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
