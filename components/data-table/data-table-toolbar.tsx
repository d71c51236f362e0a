"use client";

import { X } from "lucide-react";
import type * as React from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/universal/utils";
import { DataTableAmountRangeFilter } from "./data-table-amount-range-filter";
import { DataTableBooleanFilter } from "./data-table-boolean-filter";
import { DataTableDateRangeFilter } from "./data-table-date-range-filter";
import { DataTableSelectFilter } from "./data-table-select-filter";
import { DataTableTextFilter } from "./data-table-text-filter";
import type { FilterDef } from "./filters";
import type { DataTableFilters } from "./use-data-table-filters";

export type DataTableToolbarProps = {
  filters: readonly FilterDef[];
  /** From useDataTableFilters; only its untyped parts are read, so any filter list's state fits. */
  state: Pick<
    DataTableFilters<readonly FilterDef[]>,
    "rawValues" | "setFilter" | "clearFilters" | "activeCount"
  >;
  /** Names the filter region: "Filter transactions". */
  label: string;
  /** Buttons at the right (export, create). */
  actions?: React.ReactNode;
  /** The Views and Columns menus, right of the filters and before the actions. */
  viewControls?: React.ReactNode;
  className?: string;
};

function text(value: string | boolean | null | undefined): string | null {
  return typeof value === "string" ? value : null;
}

export function DataTableToolbar({
  filters,
  state,
  label,
  actions,
  viewControls,
  className,
}: DataTableToolbarProps) {
  const { rawValues, setFilter, clearFilters, activeCount } = state;
  if (filters.length === 0 && !actions && !viewControls) return null;
  return (
    <div className={cn("flex flex-wrap items-end justify-between gap-3", className)}>
      {filters.length > 0 ? (
        <search aria-label={label} className="flex flex-wrap items-start gap-3">
          {filters.map((filter) => {
            switch (filter.type) {
              case "text":
                return (
                  <DataTableTextFilter
                    key={filter.key}
                    filter={filter}
                    value={text(rawValues[filter.key])}
                    onChange={(value) => setFilter(filter.key, value)}
                  />
                );
              case "select":
                return (
                  <DataTableSelectFilter
                    key={filter.key}
                    filter={filter}
                    value={text(rawValues[filter.key])}
                    onChange={(value) => setFilter(filter.key, value)}
                  />
                );
              case "date-range":
                return (
                  <DataTableDateRangeFilter
                    key={`${filter.fromKey}-${filter.toKey}`}
                    filter={filter}
                    from={text(rawValues[filter.fromKey])}
                    to={text(rawValues[filter.toKey])}
                    onChange={setFilter}
                  />
                );
              case "amount-range":
                return (
                  <DataTableAmountRangeFilter
                    key={`${filter.currencyKey}-${filter.minKey}-${filter.maxKey}`}
                    filter={filter}
                    currency={text(rawValues[filter.currencyKey])}
                    min={text(rawValues[filter.minKey])}
                    max={text(rawValues[filter.maxKey])}
                    onChange={setFilter}
                  />
                );
              case "boolean":
                return (
                  <DataTableBooleanFilter
                    key={filter.key}
                    filter={filter}
                    value={rawValues[filter.key] === true ? true : null}
                    onChange={(value) => setFilter(filter.key, value)}
                  />
                );
              default:
                return null;
            }
          })}
          {activeCount > 0 ? (
            <Button variant="ghost" size="sm" onClick={clearFilters}>
              <X aria-hidden="true" />
              Clear filters
              <span className="sr-only"> ({activeCount} set)</span>
            </Button>
          ) : null}
        </search>
      ) : (
        <div />
      )}
      {actions || viewControls ? (
        <div className="flex flex-wrap items-center gap-2">
          {viewControls}
          {actions}
        </div>
      ) : null}
    </div>
  );
}
