"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Link2, Pencil, Trash2 } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Link } from "@/components/ui/link";
import { toast } from "@/components/ui/toast";
import { deleteSavedView, savedViewsKey, updateSavedView } from "@/lib/client/views/saved-views-client";
import type { SavedView } from "@/lib/universal/views/saved-view";
import { type SavedViewList, viewHref } from "@/lib/universal/views/view-url";
import { copyViewLink } from "./copy-view-link";
import { ViewNameDialog } from "./view-name-dialog";

/** The person's views of a list, each with its link (open, copy), Rename… and Delete… (confirmed). */
export function ManageViewsDialog({
  open,
  onOpenChange,
  list,
  label,
  views,
  activeId,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  list: SavedViewList;
  label: string;
  views: readonly SavedView[];
  activeId: string | undefined;
  returnFocusTo: () => HTMLElement | null | undefined;
}) {
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = React.useState<SavedView | null>(null);
  const [deleting, setDeleting] = React.useState<SavedView | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedViewsKey(list) });

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          title={`Your views of ${label.toLowerCase()}`}
          description="Only you see this list. A view's link opens the same filters and columns for anyone who may see the list."
          returnFocusTo={returnFocusTo}
        >
          {views.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">You have no saved views of this list.</p>
          ) : (
            <ul aria-label="Saved views" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {views.map((view) => (
                <li key={view.id} className="flex items-center gap-2 py-2">
                  <Link
                    href={viewHref(list, view)}
                    onClick={() => onOpenChange(false)}
                    className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
                  >
                    {view.name}
                  </Link>
                  {view.id === activeId ? (
                    <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">Shown now</span>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    onClick={() => void copyViewLink(list, view, `the view ${view.name}`)}
                  >
                    <Link2 aria-hidden="true" />
                    <span className="sr-only">Copy link to {view.name}</span>
                  </Button>
                  <Button variant="ghost" size="icon-sm" onClick={() => setRenaming(view)}>
                    <Pencil aria-hidden="true" />
                    <span className="sr-only">Rename {view.name}</span>
                  </Button>
                  <Button variant="ghost" size="icon-sm" onClick={() => setDeleting(view)}>
                    <Trash2 aria-hidden="true" />
                    <span className="sr-only">Delete {view.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </DialogContent>
      </Dialog>
      <ViewNameDialog
        open={renaming !== null}
        onOpenChange={(next) => {
          if (!next) setRenaming(null);
        }}
        title={`Rename the view ${renaming?.name ?? ""}`}
        description="Only the name changes; the view keeps its filters and columns."
        initialName={renaming?.name ?? ""}
        submitLabel="Rename view"
        pendingLabel="Renaming…"
        onSubmit={async (name) => {
          if (!renaming) return;
          const view = await updateSavedView(renaming.id, { name });
          await refresh();
          toast.success(`Renamed the view to ${view.name}`);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => {
          if (!next) setDeleting(null);
        }}
        title={`Delete the view ${deleting?.name ?? ""}?`}
        description="It leaves your Views menu. Links to it already shared keep working: the filters and columns are in the address."
        confirmLabel="Delete view"
        pendingLabel="Deleting…"
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteSavedView(deleting.id);
          } catch (error) {
            toast.error(`Could not delete the view ${deleting.name}`, {
              description: error instanceof Error ? error.message : undefined,
            });
            throw error;
          }
          await refresh();
          toast.success(`Deleted the view ${deleting.name}`);
          setDeleting(null);
        }}
      />
    </>
  );
}
