"use client";

import { ListFilter, X } from "lucide-react";
import dynamic from "next/dynamic";
import type * as React from "react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/universal/utils";
import { DataTableAmountRangeFilter } from "./data-table-amount-range-filter";
import { DataTableBooleanFilter } from "./data-table-boolean-filter";
import { DataTableDateRangeFilter } from "./data-table-date-range-filter";
import { DataTableSelectFilter } from "./data-table-select-filter";
import { DataTableTextFilter } from "./data-table-text-filter";
import type { FilterDef } from "./filters";
import { IgnoredFiltersNotice } from "./ignored-filters-notice";
import type { DataTableFilters } from "./use-data-table-filters";

export type DataTableToolbarProps = {
  filters: readonly FilterDef[];
  /** From useDataTableFilters; only its untyped parts are read, so any filter list's state fits. */
  state: Pick<
    DataTableFilters<readonly FilterDef[]>,
    "rawValues" | "setFilter" | "setFilters" | "clearFilters" | "activeCount" | "ignored"
  >;
  /** Names the filter region: "Filter transactions". */
  label: string;
  /** Buttons at the right (export, create). */
  actions?: React.ReactNode;
  /** The Views and Columns menus, right of the filters and before the actions. */
  viewControls?: React.ReactNode;
  className?: string;
};

// Loaded by the lists that filter by a customer (its search, the customer's name, a combobox), drawn with them on the
// server: in no other page's first load.
const DataTableCustomerFilter = dynamic(() =>
  import("./data-table-customer-filter").then((module) => module.DataTableCustomerFilter),
);
// Likewise the lists that filter by an account (transactions, quotes), which read an account's id back by name.
const DataTableAccountFilter = dynamic(() =>
  import("./data-table-account-filter").then((module) => module.DataTableAccountFilter),
);

/**
 * From how many filters the toolbar folds them behind a Filters button on a phone (below Tailwind's `md`), so that
 * the rows are not a screen or two below them; on wider screens the filters are always drawn.
 */
const FOLD_FILTERS_FROM = 3;

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
  const [open, setOpen] = useState(false);
  const regionId = useId();
  if (filters.length === 0 && !actions && !viewControls) return null;
  const folds = filters.length >= FOLD_FILTERS_FROM;
  return (
    <div className={cn("flex flex-wrap items-end justify-between gap-3", className)}>
      <IgnoredFiltersNotice filters={filters} state={state} />
      {folds ? (
        <Button
          variant="outline"
          size="sm"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((shown) => !shown)}
        >
          <ListFilter aria-hidden="true" />
          Filters
          {activeCount > 0 ? (
            <span className="text-zinc-600 dark:text-zinc-400">
              <span aria-hidden="true">· </span>
              {activeCount}
              <span className="sr-only"> set</span>
            </span>
          ) : null}
        </Button>
      ) : null}
      {filters.length > 0 ? (
        <search
          id={regionId}
          aria-label={label}
          className={cn("flex-wrap items-start gap-3", folds && !open ? "hidden md:flex" : "flex")}
        >
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
              case "account":
                return (
                  <DataTableAccountFilter
                    key={filter.key}
                    filter={filter}
                    value={text(rawValues[filter.key])}
                    onChange={(value) => setFilter(filter.key, value)}
                  />
                );
              case "customer":
                return (
                  <DataTableCustomerFilter
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
            // Level with the fields of its line, not with their labels (the row is aligned at the top, for a filter
            // with a line under it): at the line's foot, as the switch of a yes/no filter is.
            <Button variant="ghost" size="sm" className="self-end" onClick={clearFilters}>
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
