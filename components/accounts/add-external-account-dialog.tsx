"use client";

import { Plus } from "lucide-react";
import { PermittedButton } from "@/components/auth/permitted-button";
import { LazyDialogTrigger } from "@/components/ui/lazy-dialog-trigger";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { Decision } from "@/lib/universal/auth/permissions";

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
  return (
    <LazyDialogTrigger
      dialog={AddExternalAccountDialogContent}
      dialogProps={{ customerId, ownerLabel }}
      enabled={decision.allowed}
    >
      {(trigger) => (
        <PermittedButton variant="outline" size="sm" decision={decision} {...trigger}>
          <Plus aria-hidden="true" />
          Add bank account
        </PermittedButton>
      )}
    </LazyDialogTrigger>
  );
}
