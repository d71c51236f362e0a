"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";

const AddMemberDialogContent = lazyWhenOpen(() =>
  import("./add-member-dialog-content").then((module) => module.AddMemberDialogContent),
);

/** Adds a person; the generated first password is shown once, to hand over. The dialog loads when opened. */
export function AddMemberDialog() {
  const [open, setOpen] = React.useState(false);
  const trigger = React.useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        {...AddMemberDialogContent.preloadOn()}
      >
        Add member
      </Button>
      <AddMemberDialogContent open={open} onOpenChange={setOpen} trigger={trigger} />
    </>
  );
}
