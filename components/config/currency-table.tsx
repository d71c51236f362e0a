"use client";

import { Pencil, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { Money } from "@/components/ui/money";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { SimpleTooltip } from "@/components/ui/tooltip";
import { registerWithValue } from "@/lib/client/forms/register-with-value";
import { parseMajorUnits } from "@/lib/universal/config/amounts";
import type { CounterpartyFieldSetting } from "@/lib/universal/config/diff";
import type { ConfigFormOutput, ConfigFormValues } from "@/lib/universal/config/form";
import { currencyName } from "@/lib/universal/intl/currency-names";
import { cn } from "@/lib/universal/utils";
import type { UserInfoFieldName } from "@/shared/contract";
import { currencyDecimals } from "@/shared/contract/iso-4217";
import { fieldLabel } from "./field-labels";

// The counterparty fields dialog is downloaded when a currency's fields are first edited.
const CounterpartyFieldsDialog = lazyWhenOpen(() =>
  import("./counterparty-fields-dialog").then((module) => module.CounterpartyFieldsDialog),
);

export type ConfigForm = UseFormReturn<ConfigFormValues, unknown, ConfigFormOutput>;

function BoundInput({
  form,
  index,
  bound,
  currencyCode,
  readOnly,
}: {
  form: ConfigForm;
  index: number;
  bound: "min" | "max";
  currencyCode: string;
  readOnly: boolean;
}) {
  const id = useId();
  const decimals = currencyDecimals(currencyCode) ?? 2;
  const value = useWatch({ control: form.control, name: `currencies.${index}.${bound}` });
  const error = form.formState.errors.currencies?.[index]?.[bound]?.message;
  const parsed = parseMajorUnits(value ?? "", decimals);
  const label = `${bound === "min" ? "Minimum" : "Maximum"} for ${currencyCode}`;
  const noteId = `${id}-note`;
  return (
    // A maximum has room for a hundred million and its cents (MXN's 100000000.00); a minimum, a few digits, for less.
    <div className={cn("flex w-full flex-col gap-1", bound === "max" ? "md:w-36" : "md:w-24 2xl:w-36")}>
      <Label htmlFor={id} className="text-xs md:sr-only">
        {label}
      </Label>
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        className={cn("text-right tabular-nums", readOnly && "bg-zinc-50 dark:bg-zinc-950")}
        {...registerWithValue(form, `currencies.${index}.${bound}`)}
      />
      <p
        id={noteId}
        className={
          error
            ? "text-xs font-medium text-red-700 dark:text-red-400"
            : "text-xs text-zinc-500 dark:text-zinc-400"
        }
      >
        {error ? (
          error
        ) : parsed.ok ? (
          <Money amount={parsed.minor} currency={{ code: currencyCode, decimals }} />
        ) : (
          `In ${currencyCode}, up to ${decimals} decimal${decimals === 1 ? "" : "s"}`
        )}
      </p>
    </div>
  );
}

const DIRECTIONS = [
  { type: "INCOMING", verb: "Receive" },
  { type: "OUTGOING", verb: "Send" },
] as const;

/** The currency's enabled directions as two checkboxes: receiving payments in it, and sending them. */
function DirectionsInput({
  form,
  index,
  currencyCode,
  readOnly,
}: {
  form: ConfigForm;
  index: number;
  currencyCode: string;
  readOnly: boolean;
}) {
  const enabled =
    useWatch({ control: form.control, name: `currencies.${index}.enabledTransactionTypes` }) ?? [];
  const error = form.formState.errors.currencies?.[index]?.enabledTransactionTypes?.message;
  const errorId = useId();
  return (
    <fieldset className="flex min-w-28 flex-col gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-xs font-medium md:sr-only">Payments in {currencyCode}</legend>
      {DIRECTIONS.map(({ type, verb }) => (
        <span key={type} className="flex items-center gap-2 text-sm">
          <Checkbox
            id={`${errorId}-${type}`}
            checked={enabled.includes(type)}
            disabled={readOnly}
            aria-label={`${verb} ${currencyCode}`}
            aria-invalid={error ? true : undefined}
            onCheckedChange={(checked) => {
              const next = (["INCOMING", "OUTGOING"] as const).filter((candidate) =>
                candidate === type ? checked === true : enabled.includes(candidate),
              );
              form.setValue(`currencies.${index}.enabledTransactionTypes`, next, {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              });
            }}
          />
          <Label htmlFor={`${errorId}-${type}`} className="text-sm font-normal">
            {verb}
          </Label>
        </span>
      ))}
      {error ? (
        <span id={errorId} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

function FieldChips({ fields }: { fields: readonly CounterpartyFieldSetting[] }) {
  if (fields.length === 0)
    return <span className="text-sm text-zinc-500 dark:text-zinc-400">None asked</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Counterparty fields">
      {fields.map((field) => (
        <li key={field.name}>
          <Badge variant={field.mandatory ? "default" : "outline"}>
            {fieldLabel(field.name)}
            <span className="font-normal opacity-80">· {field.mandatory ? "required" : "optional"}</span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** The supported currencies as an editable table: limits typed in major units, fields edited in a dialog. */
export function CurrencyTable({
  form,
  rowIds,
  onRemove,
  providerFields,
  readOnly,
}: {
  form: ConfigForm;
  /** Stable ids of the rows, from useFieldArray. */
  rowIds: readonly string[];
  onRemove: (index: number) => void;
  /** What the provider requires of customers per currency, as last saved; read-only. */
  providerFields: ReadonlyMap<string, readonly UserInfoFieldName[]>;
  readOnly: boolean;
}) {
  const rows = useWatch({ control: form.control, name: "currencies" });
  const [editing, setEditing] = useState<number | null>(null);
  const editingRow = editing === null ? undefined : rows[editing];
  const tableRef = useRef<HTMLDivElement>(null);

  return (
    <div ref={tableRef}>
      {/* On a phone each currency is a card of its own (the headers become each field's visible label), so no
          input is cut off by a table wider than the screen. */}
      <Table
        aria-label="Supported currencies"
        containerClassName="rounded-md border border-zinc-200 dark:border-zinc-800"
        className={cn(
          "max-md:block max-md:[&_thead]:sr-only max-md:[&_tbody]:block",
          "max-md:[&_tbody>tr]:grid max-md:[&_tbody>tr]:grid-cols-2 max-md:[&_tbody>tr]:gap-x-3 max-md:[&_tbody>tr]:gap-y-4 max-md:[&_tbody>tr]:p-3",
          "max-md:[&_tbody>tr>td]:block max-md:[&_tbody>tr>td]:min-w-0 max-md:[&_tbody>tr>td]:p-0",
        )}
      >
        <TableHeader>
          <TableRow>
            <TableHead className="px-3">Currency</TableHead>
            <TableHead className="px-3">Minimum</TableHead>
            <TableHead className="px-3">Maximum</TableHead>
            <TableHead className="px-3">Payments</TableHead>
            <TableHead className="px-3">Counterparty fields</TableHead>
            <TableHead className="h-auto px-3 py-2 whitespace-normal">
              Provider-required customer fields
              <span className="block text-[11px] font-normal normal-case tracking-normal">read-only</span>
            </TableHead>
            {readOnly ? null : (
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rowIds.map((rowId, index) => {
            const row = rows[index];
            if (!row) return null;
            const name = currencyName(row.currencyCode);
            const provider = providerFields.get(row.currencyCode);
            const rowError = form.formState.errors.currencies?.[index];
            const rowMessage =
              rowError?.currencyCode?.message ?? rowError?.requiredCounterpartyFields?.message ?? undefined;
            return (
              <TableRow key={rowId} className="align-top">
                <TableCell className="px-3 align-top max-md:col-start-1 max-md:row-start-1">
                  <span className="flex items-center gap-1.5">
                    <span className="font-mono text-sm font-semibold">{row.currencyCode}</span>
                    {provider ? null : <Badge variant="info">New</Badge>}
                  </span>
                  <span className="block max-w-40 text-xs text-zinc-600 dark:text-zinc-400">
                    {name ?? "Unknown currency"}
                  </span>
                  {rowMessage ? (
                    <span className="mt-1 block text-xs font-medium text-red-700 dark:text-red-400">
                      {rowMessage}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell className="px-3 align-top">
                  <BoundInput
                    form={form}
                    index={index}
                    bound="min"
                    currencyCode={row.currencyCode}
                    readOnly={readOnly}
                  />
                </TableCell>
                <TableCell className="px-3 align-top">
                  <BoundInput
                    form={form}
                    index={index}
                    bound="max"
                    currencyCode={row.currencyCode}
                    readOnly={readOnly}
                  />
                </TableCell>
                <TableCell className="px-3 align-top">
                  <DirectionsInput
                    form={form}
                    index={index}
                    currencyCode={row.currencyCode}
                    readOnly={readOnly}
                  />
                </TableCell>
                <TableCell className="px-3 align-top max-md:col-span-2 md:min-w-40">
                  <span className="mb-1 block text-xs font-medium md:hidden">Counterparty fields</span>
                  <div className="flex items-start gap-2">
                    <FieldChips fields={row.requiredCounterpartyFields} />
                    {readOnly ? null : (
                      <SimpleTooltip content={`Edit counterparty fields for ${row.currencyCode}`}>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          data-edit-fields={index}
                          onClick={() => setEditing(index)}
                          className="-mt-1 shrink-0"
                        >
                          <Pencil aria-hidden="true" />
                          <span className="sr-only">Edit counterparty fields for {row.currencyCode}</span>
                        </Button>
                      </SimpleTooltip>
                    )}
                  </div>
                </TableCell>
                <TableCell className="px-3 align-top max-md:col-span-2 md:min-w-32">
                  <span className="mb-1 block text-xs font-medium md:hidden">
                    Provider-required customer fields
                  </span>
                  {provider ? (
                    provider.length > 0 ? (
                      <ul
                        className="flex flex-wrap gap-1.5"
                        aria-label={`Provider-required customer fields for ${row.currencyCode}`}
                      >
                        {provider.map((name) => (
                          <li key={name}>
                            <Badge variant="neutral">{fieldLabel(name)}</Badge>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="text-sm text-zinc-500 dark:text-zinc-400">None</span>
                    )
                  ) : (
                    <span className="text-xs text-zinc-500 dark:text-zinc-400">
                      Set by the provider once saved
                    </span>
                  )}
                </TableCell>
                {readOnly ? null : (
                  <TableCell className="w-10 px-2 align-top max-md:col-start-2 max-md:row-start-1 max-md:justify-self-end">
                    <SimpleTooltip content={`Remove ${row.currencyCode}`}>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        onClick={() => onRemove(index)}
                        className="-mt-0.5"
                      >
                        <Trash2 aria-hidden="true" className="text-zinc-500 dark:text-zinc-400" />
                        <span className="sr-only">Remove {row.currencyCode}</span>
                      </Button>
                    </SimpleTooltip>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {editing !== null && editingRow ? (
        <CounterpartyFieldsDialog
          key={`${editing}-${editingRow.currencyCode}`}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          currencyCode={editingRow.currencyCode}
          value={editingRow.requiredCounterpartyFields}
          onApply={(fields) =>
            form.setValue(`currencies.${editing}.requiredCounterpartyFields`, fields, {
              shouldDirty: true,
              shouldValidate: form.formState.isSubmitted,
            })
          }
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const index = editing;
            requestAnimationFrame(() =>
              tableRef.current?.querySelector<HTMLButtonElement>(`[data-edit-fields="${index}"]`)?.focus(),
            );
          }}
        />
      ) : null}
    </div>
  );
}
