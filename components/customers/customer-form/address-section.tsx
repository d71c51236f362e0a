"use client";

import { useFormContext } from "react-hook-form";
import { ControlledField } from "@/components/forms/controlled-field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { registerWithValue } from "@/lib/client/forms/register-with-value";
import { CountrySelect } from "../country-select";
import type { CustomerFormValues } from "../customer-form-values";
import { LockedNote } from "./locked-note";
import type { RequiredPaths } from "./requirement";

/** The postal address, required as a whole by some currencies' providers. */
export function AddressSection({
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
  const addressRequirement = required.get("address");
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle>Address</CardTitle>
          <CardDescription>
            {addressRequirement
              ? `Required for ${addressRequirement.currencies.join(", ")}: street, postal code and country.`
              : "Optional. Once any part is filled in, street, postal code and country are needed."}
          </CardDescription>
          {lockedNote ? <LockedNote text={lockedNote} /> : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Street address"
          required={Boolean(addressRequirement)}
          className="sm:col-span-2"
          error={errors.address?.line1}
        >
          <Input autoComplete="off" readOnly={locked} {...registerWithValue(form, "address.line1")} />
        </FormField>
        <FormField label="Apartment, suite, floor" className="sm:col-span-2" error={errors.address?.line2}>
          <Input autoComplete="off" readOnly={locked} {...registerWithValue(form, "address.line2")} />
        </FormField>
        <FormField label="City" required={Boolean(addressRequirement)} error={errors.address?.city}>
          <Input autoComplete="off" readOnly={locked} {...registerWithValue(form, "address.city")} />
        </FormField>
        <FormField label="State or region" error={errors.address?.state}>
          <Input autoComplete="off" readOnly={locked} {...registerWithValue(form, "address.state")} />
        </FormField>
        <FormField
          label="Postal code"
          required={Boolean(addressRequirement)}
          error={errors.address?.postalCode}
        >
          <Input autoComplete="off" readOnly={locked} {...registerWithValue(form, "address.postalCode")} />
        </FormField>
        <ControlledField
          control={control}
          name="address.country"
          label="Country"
          required={Boolean(addressRequirement)}
          error={errors.address?.country}
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
