"use client";

import { toast } from "@/components/ui/toast";
import { type SavedViewList, type ViewState, viewHref } from "@/lib/universal/views/view-url";

/** The absolute address of a view, for the clipboard. */
function absoluteViewLink(list: SavedViewList, view: ViewState): string {
  return new URL(viewHref(list, view), window.location.origin).toString();
}

export async function copyViewLink(list: SavedViewList, view: ViewState, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(absoluteViewLink(list, view));
    toast.success(`Copied the link to ${what}`, {
      description: "It opens the same filters and columns for anyone who may see this list.",
    });
  } catch {
    toast.error("Could not copy the link", {
      description: "The browser refused clipboard access. Copy the address from the address bar instead.",
    });
  }
}
