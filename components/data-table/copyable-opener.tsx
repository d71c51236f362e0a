"use client";

import type * as React from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { SimpleTooltip } from "@/components/ui/tooltip";

/**
 * A row's link or open button whose text is a long id, cut to the column's width: the whole id is its tooltip
 * (on hover and keyboard focus), and a copy button beside it copies the id without opening the row.
 */
export function CopyableOpener({
  value,
  label,
  opener,
}: {
  value: string;
  label: string;
  opener: React.ReactElement;
}) {
  return (
    <span className="flex max-w-64 min-w-0 items-center gap-0.5">
      <SimpleTooltip content={<span className="break-all font-mono">{value}</span>}>{opener}</SimpleTooltip>
      <CopyButton value={value} label={label} className="shrink-0" />
    </span>
  );
}
