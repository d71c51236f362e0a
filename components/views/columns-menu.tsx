"use client";

import { ChevronDown, Columns3 } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/lazy-dropdown-menu";

/** One column of the chooser, from react-table's column API (getIsVisible, toggleVisibility). */
export type ColumnChoiceItem = {
  id: string;
  label: string;
  visible: boolean;
  /** Why it cannot be hidden: it opens the row, or it is the last one shown. */
  lockedBecause?: string | undefined;
  toggle: (visible: boolean) => void;
};

/**
 * The Columns menu: a checkbox per column, kept open while several are toggled. The column that opens the row
 * stays (a row must stay reachable by keyboard) and so does the last one shown.
 */
export function ColumnsMenu({
  columns,
  onShowAll,
}: {
  columns: readonly ColumnChoiceItem[];
  onShowAll: () => void;
}) {
  const hidden = columns.filter((column) => !column.visible).length;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3 aria-hidden="true" />
          Columns
          {hidden > 0 ? <span className="text-zinc-500 dark:text-zinc-400">({hidden} hidden)</span> : null}
          <ChevronDown aria-hidden="true" className="text-zinc-500 dark:text-zinc-400" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        {columns.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={column.visible}
            disabled={column.lockedBecause !== undefined}
            // Stays open, so several columns can be chosen in a row.
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) => column.toggle(checked === true)}
          >
            <span className="flex flex-col">
              {column.label}
              {column.lockedBecause ? (
                <span className="text-xs text-zinc-500 dark:text-zinc-400">{column.lockedBecause}</span>
              ) : null}
            </span>
          </DropdownMenuCheckboxItem>
        ))}
        {hidden > 0 ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onShowAll}>Show all columns</DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
