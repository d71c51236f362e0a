"use client";

import { useQuery } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
  useWatch,
} from "react-hook-form";
import { useViewer } from "@/components/auth/permissions-context";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { visibilityQuery } from "@/lib/client/api/privacy";
import {
  blankClause,
  CLAUSE_KINDS,
  type ClauseKind,
  type EditorValues,
  MEMBERSHIP_KINDS,
} from "@/lib/universal/policies/editor-values";
import { maskedKindsSentence, mayWriteRulesOver } from "@/lib/universal/policies/field-permission";
import type { PolicyDocument } from "@/lib/universal/policies/rules";
import { userInfoFieldNames } from "@/shared/contract/user-info-fields";

type Props = {
  control: Control<EditorValues, unknown, PolicyDocument>;
  register: UseFormRegister<EditorValues>;
  setValue: UseFormSetValue<EditorValues>;
  errors: FieldErrors<EditorValues>;
  rule: number;
  clause: number;
  onRemove: (() => void) | null;
};

const COMPARISONS = [
  ["gte", "at least (≥)"],
  ["gt", "more than (>)"],
  ["lte", "at most (≤)"],
  ["lt", "less than (<)"],
  ["eq", "exactly (=)"],
] as const;

/**
 * The sender's fields a rule may read, as a list: those the person's role sees masked are offered disabled, with
 * why (the server refuses them too: lib/server/policies/field-guard.ts). Until the setting is read, none is offered.
 */
function SenderFieldSelect({
  register,
  path,
  current,
  error,
  description,
}: {
  register: UseFormRegister<EditorValues>;
  path: `rules.${number}.when.${number}`;
  current: string;
  error: { message?: string | undefined } | undefined;
  description: string;
}) {
  const viewer = useViewer();
  const visibility = useQuery(visibilityQuery());
  const visible = visibility.data?.visibility[viewer.role] ?? [];
  const fields: string[] = [...userInfoFieldNames];
  // A field an older version named that the list does not know stays shown (and is judged the same way).
  if (current && !fields.includes(current)) fields.push(current);
  const masked = maskedKindsSentence(fields, visible);
  return (
    <FormField
      label="Sender's field"
      description={masked ? `${description} ${masked}` : description}
      error={error}
    >
      <NativeSelect {...register(`${path}.field`)}>
        <option value="">Choose a field</option>
        {fields.map((field) => {
          const allowed = mayWriteRulesOver(field, visible);
          return (
            <option key={field} value={field} disabled={!allowed}>
              {allowed ? field : `${field} (masked for your role)`}
            </option>
          );
        })}
      </NativeSelect>
    </FormField>
  );
}

/** One condition of a rule: its kind, then the inputs that kind needs, each labelled. */
export function ClauseFields({ control, register, setValue, errors, rule, clause, onRemove }: Props) {
  const path = `rules.${rule}.when.${clause}` as const;
  const values = useWatch({ control, name: path });
  const error = errors.rules?.[rule]?.when?.[clause];
  const kind = values?.kind ?? "amount";
  const membership = MEMBERSHIP_KINDS.has(kind);
  const kindField = register(`${path}.kind`);
  const changeKind = (next: ClauseKind) => {
    const blank = blankClause(next);
    setValue(`${path}.op`, blank.op);
    if (next === "recipientType") setValue(`${path}.values`, blank.values);
  };
  const opField = (
    <FormField label="Comparison" error={error?.op}>
      <NativeSelect {...register(`${path}.op`)}>
        {membership ? (
          <>
            <option value="in">is one of</option>
            <option value="notIn">is not one of</option>
          </>
        ) : (
          COMPARISONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))
        )}
      </NativeSelect>
    </FormField>
  );
  const sideField = (
    <FormField label="Side" error={error?.side}>
      <NativeSelect {...register(`${path}.side`)}>
        <option value="receiving">received</option>
        <option value="sending">sent</option>
      </NativeSelect>
    </FormField>
  );
  const valuesField = (label: string, description: string) => (
    <FormField label={label} description={description} error={error?.values} className="sm:col-span-2">
      <Input autoComplete="off" {...register(`${path}.values`)} />
    </FormField>
  );
  return (
    <fieldset className="grid gap-3 rounded-md border border-zinc-200 p-3 sm:grid-cols-4 dark:border-zinc-800">
      <legend className="px-1 text-sm font-medium">Condition {clause + 1}</legend>
      <FormField label="Condition kind" error={error?.kind} className="sm:col-span-2">
        <NativeSelect
          {...kindField}
          onChange={(event) => {
            void kindField.onChange(event);
            changeKind(event.target.value as ClauseKind);
          }}
        >
          {CLAUSE_KINDS.map((option) => (
            <option key={option.kind} value={option.kind}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {kind === "amount" ? (
        <>
          {sideField}
          {opField}
          <FormField label="Currency" error={error?.currency}>
            <Input autoComplete="off" maxLength={3} {...register(`${path}.currency`)} />
          </FormField>
          <FormField label="Amount" description="In the currency's units, e.g. 1000.00" error={error?.amount}>
            <Input inputMode="decimal" autoComplete="off" {...register(`${path}.amount`)} />
          </FormField>
        </>
      ) : null}
      {kind === "currency" ? (
        <>
          {sideField}
          {opField}
          {valuesField("Currencies", "Codes separated by commas, e.g. USD, EUR")}
        </>
      ) : null}
      {kind === "senderDomain" ? (
        <>
          {opField}
          {valuesField("Domains", "Separated by commas, e.g. pay.example")}
        </>
      ) : null}
      {kind === "senderAllowListed" || kind === "counterpartyField" ? (
        <>
          {kind === "counterpartyField" ? (
            <SenderFieldSelect
              register={register}
              path={path}
              current={values?.field ?? ""}
              error={error?.field}
              description="As the webhook names it."
            />
          ) : null}
          <FormField
            label={kind === "senderAllowListed" ? "Allow-list" : "Given or missing"}
            error={error?.flag}
          >
            <NativeSelect {...register(`${path}.flag`)}>
              <option value="true">{kind === "senderAllowListed" ? "on the allow-list" : "given"}</option>
              <option value="false">
                {kind === "senderAllowListed" ? "not on the allow-list" : "missing"}
              </option>
            </NativeSelect>
          </FormField>
        </>
      ) : null}
      {kind === "counterpartyValue" ? (
        <>
          <SenderFieldSelect
            register={register}
            path={path}
            current={values?.field ?? ""}
            error={error?.field}
            description="e.g. NATIONALITY."
          />
          {opField}
          {valuesField("Values", "Separated by commas, e.g. FR, DE")}
        </>
      ) : null}
      {kind === "recipientType" ? (
        <>
          {opField}
          {valuesField("Types", "INDIVIDUAL, BUSINESS")}
        </>
      ) : null}
      {kind === "recipientKyc" ? (
        <>
          {opField}
          {valuesField("KYC statuses", "e.g. APPROVED")}
        </>
      ) : null}
      {kind === "screeningClear" ? (
        <FormField label="Screening" error={error?.flag}>
          <NativeSelect {...register(`${path}.flag`)}>
            <option value="true">screened clear</option>
            <option value="false">not clear (a potential match, or failed)</option>
          </NativeSelect>
        </FormField>
      ) : null}
      {kind === "screeningScore" ? (
        <>
          {opField}
          <FormField label="Score (%)" error={error?.amount} description="The best match's score, 0 to 100.">
            <Input inputMode="numeric" autoComplete="off" {...register(`${path}.amount`)} />
          </FormField>
        </>
      ) : null}
      {kind === "recipientAgeDays" ? (
        <>
          {opField}
          <FormField label="Days" error={error?.amount}>
            <Input inputMode="numeric" autoComplete="off" {...register(`${path}.amount`)} />
          </FormField>
        </>
      ) : null}
      {kind === "velocity" ? (
        <>
          <FormField label="Per" error={error?.per}>
            <NativeSelect {...register(`${path}.per`)}>
              <option value="sender">sender</option>
              <option value="recipient">recipient</option>
            </NativeSelect>
          </FormField>
          <FormField label="Measure" error={error?.measure}>
            <NativeSelect {...register(`${path}.measure`)}>
              <option value="count">number of payments</option>
              <option value="amount">total amount</option>
            </NativeSelect>
          </FormField>
          <FormField label="Currency" description="For a total amount" error={error?.currency}>
            <Input autoComplete="off" maxLength={3} {...register(`${path}.currency`)} />
          </FormField>
          <FormField label="Hours" error={error?.hours}>
            <Input inputMode="numeric" autoComplete="off" {...register(`${path}.hours`)} />
          </FormField>
          {opField}
          <FormField label={values?.measure === "amount" ? "Amount" : "Payments"} error={error?.amount}>
            <Input inputMode="decimal" autoComplete="off" {...register(`${path}.amount`)} />
          </FormField>
        </>
      ) : null}
      {onRemove ? (
        <div className="flex items-end sm:col-span-4 sm:justify-end">
          <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            Remove condition {clause + 1}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
