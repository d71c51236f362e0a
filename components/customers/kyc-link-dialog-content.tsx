"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import type { LazyDialogControl } from "@/components/ui/lazy-dialog-trigger";
import type { CustomerKycLink } from "@/shared/contract";
import { KycLinkForm, KycLinkResult } from "./kyc-link";

/** The dialog of KycLinkDialog (./kyc-link-dialog), downloaded when it is first opened. */
export function KycLinkDialogContent({
  platformCustomerId,
  open,
  onOpenChange: setOpen,
  returnFocusTo,
}: {
  platformCustomerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: LazyDialogControl["returnFocusTo"];
}) {
  const [link, setLink] = React.useState<CustomerKycLink | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setLink(null);
      }}
    >
      <DialogContent
        returnFocusTo={returnFocusTo}
        title="Generate a KYC link"
        description="A hosted page where the customer verifies their identity. Send them the link; the result arrives as a KYC status update."
      >
        {link ? (
          <>
            <KycLinkResult link={link} />
            <DialogFooter>
              <Button onClick={() => setOpen(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <KycLinkForm platformCustomerId={platformCustomerId} onGenerated={setLink} />
        )}
      </DialogContent>
    </Dialog>
  );
}
