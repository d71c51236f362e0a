"use client";

import { lazyWhenOpen } from "@/components/ui/lazy-when-open";

/** The approve and reject dialogs, downloaded (with the receiver-information form and its validation) when opened. */
export const ApproveDialog = lazyWhenOpen(() =>
  import("./approve-dialog").then((module) => module.ApproveDialog),
);
export const RejectDialog = lazyWhenOpen(() =>
  import("./reject-dialog").then((module) => module.RejectDialog),
);
