"use client";

import { Button } from "@/components/ui/button";
import { LazyDialogTrigger } from "@/components/ui/lazy-dialog-trigger";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";

const AddMemberDialogContent = lazyWhenOpen(() =>
  import("./add-member-dialog-content").then((module) => module.AddMemberDialogContent),
);

/** Adds a person; the generated first password is shown once, to hand over. The dialog loads when opened. */
export function AddMemberDialog() {
  return (
    <LazyDialogTrigger dialog={AddMemberDialogContent} dialogProps={{}}>
      {(props) => <Button {...props}>Add member</Button>}
    </LazyDialogTrigger>
  );
}
