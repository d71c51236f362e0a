"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Bookmark, BookmarkPlus, ChevronDown, Link2, Settings2 } from "lucide-react";
import { useRouter } from "next/navigation";
import * as React from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/lazy-dropdown-menu";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { QueryState } from "@/components/ui/query-state";
import { toast } from "@/components/ui/toast";
import { createSavedView, savedViewsKey, savedViewsQuery } from "@/lib/client/views/saved-views-client";
import { type SavedViewList, type ViewState, viewHref, viewMatches } from "@/lib/universal/views/view-url";
import { copyViewLink } from "./copy-view-link";

// Downloaded when first opened (or when their menu item is pointed at or focused), not with every list.
const ViewNameDialog = lazyWhenOpen(() =>
  import("./view-name-dialog").then((module) => module.ViewNameDialog),
);
const ManageViewsDialog = lazyWhenOpen(() =>
  import("./manage-views-dialog").then((module) => module.ManageViewsDialog),
);

export type ViewsMenuProps = {
  list: SavedViewList;
  /** The list's name: "Transactions". */
  label: string;
  /** What the list shows now: its filters (canonical query) and visible columns. */
  current: ViewState;
  columnIds: readonly string[];
  filterKeys: readonly string[];
};

/**
 * The Views menu beside a list's filters: the person's saved views (choosing one opens its filters and columns),
 * Save current view…, Copy link and Manage views… (rename, delete, each view's link). Its button names the view
 * the list shows, when it shows exactly one of them.
 */
export function ViewsMenu({ list, label, current, columnIds, filterKeys }: ViewsMenuProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const views = useQuery(savedViewsQuery(list));
  const [saving, setSaving] = React.useState(false);
  const [managing, setManaging] = React.useState(false);
  const trigger = React.useRef<HTMLButtonElement>(null);
  const active = views.data?.find((view) => viewMatches(view, current, { columnIds, keys: filterKeys }));

  const save = async (name: string) => {
    const view = await createSavedView({
      list,
      name,
      query: current.query,
      columns: current.columns ? [...current.columns] : null,
    });
    await queryClient.invalidateQueries({ queryKey: savedViewsKey(list) });
    toast.success(`Saved the view ${view.name}`);
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={trigger} variant="outline" size="sm" className="max-w-64">
            <Bookmark aria-hidden="true" />
            {active ? (
              <>
                <span className="sr-only">Views: </span>
                <span className="truncate">{active.name}</span>
              </>
            ) : (
              "Views"
            )}
            <ChevronDown aria-hidden="true" className="text-zinc-500 dark:text-zinc-400" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-72">
          <DropdownMenuLabel>Your views</DropdownMenuLabel>
          <QueryState
            query={views}
            loading={<DropdownMenuItem disabled>Loading your views…</DropdownMenuItem>}
            error={() => <DropdownMenuItem disabled>Your views could not be loaded</DropdownMenuItem>}
            isEmpty={(saved) => saved.length === 0}
            empty={<DropdownMenuItem disabled>No saved views yet</DropdownMenuItem>}
          >
            {(saved) => (
              <DropdownMenuRadioGroup value={active?.id ?? ""}>
                {saved.map((view) => (
                  <DropdownMenuRadioItem
                    key={view.id}
                    value={view.id}
                    onSelect={() => router.push(viewHref(list, view))}
                  >
                    <span className="truncate">{view.name}</span>
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
            )}
          </QueryState>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setSaving(true)} {...ViewNameDialog.preloadOn()}>
            <BookmarkPlus aria-hidden="true" />
            Save current view…
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() =>
              void copyViewLink(list, current, active ? `the view ${active.name}` : "this view")
            }
          >
            <Link2 aria-hidden="true" />
            Copy link to current view
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => setManaging(true)}
            disabled={!views.data?.length}
            {...ManageViewsDialog.preloadOn(Boolean(views.data?.length))}
          >
            <Settings2 aria-hidden="true" />
            Manage views…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ViewNameDialog
        open={saving}
        onOpenChange={setSaving}
        title="Save current view"
        description={`Keeps this list's filters and columns under a name, in your own Views menu of ${label.toLowerCase()}.`}
        submitLabel="Save view"
        pendingLabel="Saving…"
        onSubmit={save}
        returnFocusTo={() => trigger.current}
      />
      <ManageViewsDialog
        open={managing}
        onOpenChange={setManaging}
        list={list}
        label={label}
        views={views.data ?? []}
        activeId={active?.id}
        returnFocusTo={() => trigger.current}
      />
    </>
  );
}
