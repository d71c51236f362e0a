"use client";

import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
  useFieldArray,
  useWatch,
} from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { blankClause, type EditorValues } from "@/lib/universal/policies/editor-values";
import type { PolicyDocument } from "@/lib/universal/policies/rules";
import { ClauseFields } from "./clause-fields";

type Props = {
  control: Control<EditorValues, unknown, PolicyDocument>;
  register: UseFormRegister<EditorValues>;
  setValue: UseFormSetValue<EditorValues>;
  errors: FieldErrors<EditorValues>;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
};

/** One rule: its name, its conditions (all must hold), its outcome; moved up or down, or removed. */
export function RuleFields({ control, register, setValue, errors, index, count, onMove, onRemove }: Props) {
  const clauses = useFieldArray({ control, name: `rules.${index}.when` });
  const decision = useWatch({ control, name: `rules.${index}.decision` });
  const error = errors.rules?.[index];
  const conditionsError = error?.when?.root?.message ?? error?.when?.message;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-zinc-300 p-4 dark:border-zinc-700">
      <legend className="px-1 font-semibold">Rule {index + 1}</legend>
      <div className="flex flex-wrap items-end gap-2">
        <FormField label="Rule name" error={error?.name} className="min-w-48 flex-1">
          <Input autoComplete="off" {...register(`rules.${index}.name`)} />
        </FormField>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          <ArrowUp aria-hidden="true" />
          Move rule {index + 1} up
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          <ArrowDown aria-hidden="true" />
          Move rule {index + 1} down
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          Remove rule {index + 1}
        </Button>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">When all of these hold:</p>
      {clauses.fields.map((field, at) => (
        <ClauseFields
          key={field.id}
          control={control}
          register={register}
          setValue={setValue}
          errors={errors}
          rule={index}
          clause={at}
          onRemove={clauses.fields.length > 1 ? () => clauses.remove(at) : null}
        />
      ))}
      {conditionsError ? (
        <p className="text-xs font-medium text-red-700 dark:text-red-400">{conditionsError}</p>
      ) : null}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => clauses.append(blankClause())}>
          <Plus aria-hidden="true" />
          Add a condition to rule {index + 1}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Outcome" error={error?.decision}>
          <NativeSelect {...register(`rules.${index}.decision`)}>
            <option value="approve">Approve</option>
            <option value="reject">Reject</option>
            <option value="hold">Hold for a person</option>
          </NativeSelect>
        </FormField>
        {decision === "reject" ? (
          <>
            <FormField
              label="Reason code"
              description="Sent to the API, e.g. POLICY_REJECTED"
              error={error?.code}
            >
              <Input autoComplete="off" {...register(`rules.${index}.code`)} />
            </FormField>
            <FormField label="Reason" error={error?.reason}>
              <Input autoComplete="off" {...register(`rules.${index}.reason`)} />
            </FormField>
          </>
        ) : null}
        {decision === "hold" ? (
          <>
            <FormField label="Queue" error={error?.queue}>
              <Input autoComplete="off" {...register(`rules.${index}.queue`)} />
            </FormField>
            <FormField label="Priority" error={error?.priority}>
              <NativeSelect {...register(`rules.${index}.priority`)}>
                <option value="normal">normal</option>
                <option value="high">high</option>
              </NativeSelect>
            </FormField>
          </>
        ) : null}
      </div>
    </fieldset>
  );
}
