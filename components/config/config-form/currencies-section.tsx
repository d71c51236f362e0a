"use client";

import { useEffect, useRef, useState } from "react";
import { useFieldArray, useFormContext, useFormState, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  type ConfigFormOutput,
  type ConfigFormValues,
  type CurrencyFormRow,
  newCurrencyRow,
} from "@/lib/universal/config/form";
import { currencyName } from "@/lib/universal/intl/currency-names";
import type { UserInfoFieldName } from "@/shared/contract";
import { AddCurrencyDialog } from "../add-currency-dialog";
import { CurrencyTable } from "../currency-table";

/** The supported currencies: their limits and counterparty fields, adding and removing one. */
export function CurrenciesSection({
  providerFields,
  readOnly,
}: {
  providerFields: ReadonlyMap<string, readonly UserInfoFieldName[]>;
  readOnly: boolean;
}) {
  const form = useFormContext<ConfigFormValues, unknown, ConfigFormOutput>();
  const currencies = useFieldArray({ control: form.control, name: "currencies" });
  const rows = useWatch({ control: form.control, name: "currencies" });
  const { errors } = useFormState({ control: form.control, name: "currencies" });
  const currencyError = errors.currencies?.root?.message ?? errors.currencies?.message;
  // The row last removed, until it is put back, another is removed, or the form is reset (then it is listed again,
  // and its Undo would add it twice). Focus goes to its Undo, never to the next row's Remove: a second press of the
  // same key must not remove another currency.
  const [removed, setRemoved] = useState<{ row: CurrencyFormRow; index: number } | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const undoable =
    removed && !rows.some((row) => row.currencyCode === removed.row.currencyCode) ? removed : null;
  // Focused once the Undo is drawn: the list drops the row a render after the removal is recorded.
  const focusUndo = useRef(false);
  useEffect(() => {
    if (!undoable || !focusUndo.current) return;
    focusUndo.current = false;
    undoButton.current?.focus();
  }, [undoable]);
  const remove = (index: number) => {
    const row = form.getValues(`currencies.${index}`);
    focusUndo.current = true;
    currencies.remove(index);
    setRemoved({ row, index });
  };
  const undo = () => {
    if (!undoable) return;
    currencies.insert(Math.min(undoable.index, rows.length), undoable.row, { shouldFocus: false });
    setRemoved(null);
    requestAnimationFrame(() => form.setFocus(`currencies.${Math.min(undoable.index, rows.length)}.min`));
  };
  return (
    <Card aria-labelledby="config-currencies-heading">
      <CardHeader>
        <div className="min-w-0 flex-1 basis-72">
          <CardTitle id="config-currencies-heading">Supported currencies</CardTitle>
          <CardDescription>
            Limits per payment, typed in major units (dollars, not cents). Counterparty fields are what the
            sender's side must tell you before you approve an incoming payment.
          </CardDescription>
        </div>
        {readOnly ? null : (
          <div>
            <AddCurrencyDialog
              supported={rows.map((row) => row.currencyCode)}
              onAdd={(code) => currencies.append(newCurrencyRow(code), { shouldFocus: false })}
              onAdded={(code) => {
                const index = form.getValues("currencies").findIndex((row) => row.currencyCode === code);
                if (index < 0) return;
                // A form already reviewed once re-checks every row as one is added: the new row's empty Maximum is
                // not an error until the person has had a chance to type it.
                form.clearErrors(`currencies.${index}`);
                form.setFocus(`currencies.${index}.max`);
              }}
            />
          </div>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <CurrencyTable
          form={form}
          rowIds={currencies.fields.map((field) => field.id)}
          onRemove={remove}
          providerFields={providerFields}
          readOnly={readOnly}
        />
        {undoable ? (
          <p
            role="status"
            className="flex flex-wrap items-center gap-x-2 text-sm text-zinc-700 dark:text-zinc-300"
          >
            Removed {undoable.row.currencyCode} ({currencyName(undoable.row.currencyCode)}): it is no longer
            supported once you save.
            <Button ref={undoButton} variant="outline" size="sm" onClick={undo}>
              Undo<span className="sr-only"> removing {undoable.row.currencyCode}</span>
            </Button>
          </p>
        ) : null}
        {currencyError ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {currencyError}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
