"use client";

import { useFormContext } from "react-hook-form";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { registerWithValue } from "@/lib/client/forms/register-with-value";
import type { CustomerFormValues } from "../customer-form-values";
import { LockedNote } from "./locked-note";
import { type RequiredPaths, requirementProps } from "./requirement";

/** A business: legal name, registration number, tax ID. */
export function BusinessSection({
  required,
  locked,
  lockedNote,
}: {
  required: RequiredPaths;
  locked: boolean;
  lockedNote: string | undefined;
}) {
  const form = useFormContext<CustomerFormValues>();
  const { formState } = form;
  const errors = formState.errors;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle>Business</CardTitle>
          {lockedNote ? <LockedNote text={lockedNote} /> : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Legal name"
          className="sm:col-span-2"
          {...requirementProps(
            required,
            "businessInfo.legalName",
            errors.businessInfo?.legalName,
            "As registered, e.g. Acme (UK) Ltd.",
          )}
        >
          <Input
            autoComplete="off"
            readOnly={locked}
            {...registerWithValue(form, "businessInfo.legalName")}
          />
        </FormField>
        <FormField label="Registration number" error={errors.businessInfo?.registrationNumber}>
          <Input
            autoComplete="off"
            readOnly={locked}
            className="font-mono"
            {...registerWithValue(form, "businessInfo.registrationNumber")}
          />
        </FormField>
        <FormField
          label="Tax ID"
          {...requirementProps(required, "businessInfo.taxId", errors.businessInfo?.taxId)}
        >
          <Input
            autoComplete="off"
            readOnly={locked}
            className="font-mono"
            {...registerWithValue(form, "businessInfo.taxId")}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}
