"use client";

import { useFormContext } from "react-hook-form";
import { ControlledField } from "@/components/forms/controlled-field";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { registerWithValue } from "@/lib/client/forms/register-with-value";
import { CountrySelect } from "../country-select";
import type { CustomerFormValues } from "../customer-form-values";
import { LockedNote } from "./locked-note";
import { type RequiredPaths, requirementProps } from "./requirement";

/** An individual: legal name, date of birth, nationality. */
export function PersonSection({
  required,
  locked,
  lockedNote,
}: {
  required: RequiredPaths;
  locked: boolean;
  lockedNote: string | undefined;
}) {
  const form = useFormContext<CustomerFormValues>();
  const { control, formState } = form;
  const errors = formState.errors;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle>Person</CardTitle>
          {lockedNote ? <LockedNote text={lockedNote} /> : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Full legal name"
          className="sm:col-span-2"
          {...requirementProps(required, "fullName", errors.fullName)}
        >
          <Input autoComplete="off" readOnly={locked} {...registerWithValue(form, "fullName")} />
        </FormField>
        <FormField label="Date of birth" {...requirementProps(required, "birthDate", errors.birthDate)}>
          <Input
            type="date"
            readOnly={locked}
            max={new Date().toISOString().slice(0, 10)}
            {...registerWithValue(form, "birthDate")}
          />
        </FormField>
        <ControlledField
          control={control}
          name="nationality"
          label="Nationality"
          {...requirementProps(required, "nationality", errors.nationality)}
        >
          {({ control, field }) => (
            <CountrySelect
              {...control}
              value={field.value}
              onValueChange={field.onChange}
              disabled={locked}
            />
          )}
        </ControlledField>
      </CardContent>
    </Card>
  );
}
