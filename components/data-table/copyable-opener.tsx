import { Copy } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";

/**
 * A row's link or open button whose text is a long id, cut to the column's width: the whole id is its tooltip
 * (on hover and keyboard focus), and a copy button beside it copies the id without opening the row. Both are
 * worked by the table's RowTools (./row-tools.tsx) from their attributes: a row holds no tooltip or copy state.
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
      {React.cloneElement(opener as React.ReactElement<Record<string, string>>, {
        "data-tooltip": value,
        "data-tooltip-mono": "",
      })}
      <Button
        variant="ghost"
        size="icon-sm"
        className="shrink-0 data-copied:text-emerald-700 dark:data-copied:text-emerald-400"
        data-copy={value}
        data-copy-label={label}
        data-tooltip={`Copy ${label}`}
      >
        <Copy aria-hidden="true" />
        <span className="sr-only">Copy {label}</span>
      </Button>
    </span>
  );
}
