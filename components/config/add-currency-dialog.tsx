"use client";

import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LazyDialogTrigger } from "@/components/ui/lazy-dialog-trigger";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";

const AddCurrencyDialogContent = lazyWhenOpen(() =>
  import("./add-currency-dialog-content").then((module) => module.AddCurrencyDialogContent),
);

/**
 * Picks a currency from the ISO 4217 list by code or name. A combobox: type to filter, arrows to move, Enter to
 * add; currencies already supported are listed but cannot be picked again. The dialog loads when first opened.
 */
export function AddCurrencyDialog({
  supported,
  onAdd,
  onAdded,
}: {
  supported: readonly string[];
  onAdd: (currencyCode: string) => void;
  /** After the dialog has closed on an addition: where focus goes (the new row) instead of back to the button. */
  onAdded?: (currencyCode: string) => void;
}) {
  return (
    <LazyDialogTrigger dialog={AddCurrencyDialogContent} dialogProps={{ supported, onAdd, onAdded }}>
      {(props) => (
        <Button type="button" variant="outline" size="sm" {...props}>
          <Plus aria-hidden="true" />
          Add currency
        </Button>
      )}
    </LazyDialogTrigger>
  );
}
