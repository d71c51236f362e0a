"use client";

import { useRef } from "react";
import { useFieldArray, useFormContext, useFormState, useWatch } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { type ConfigFormOutput, type ConfigFormValues, newCurrencyRow } from "@/lib/universal/config/form";
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
  const addButtonArea = useRef<HTMLDivElement>(null);
  const currencyError = errors.currencies?.root?.message ?? errors.currencies?.message;
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
          <div ref={addButtonArea}>
            <AddCurrencyDialog
              supported={rows.map((row) => row.currencyCode)}
              onAdd={(code) => currencies.append(newCurrencyRow(code), { shouldFocus: false })}
              onAdded={(code) => {
                const index = form.getValues("currencies").findIndex((row) => row.currencyCode === code);
                if (index >= 0) form.setFocus(`currencies.${index}.max`);
              }}
            />
          </div>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <CurrencyTable
          form={form}
          rowIds={currencies.fields.map((field) => field.id)}
          onRemove={currencies.remove}
          providerFields={providerFields}
          readOnly={readOnly}
          onEmptied={() => addButtonArea.current?.querySelector("button")?.focus()}
        />
        {currencyError ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {currencyError}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
