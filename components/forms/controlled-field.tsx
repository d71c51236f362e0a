"use client";

import type * as React from "react";
import {
  type Control,
  Controller,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type RefCallBack,
} from "react-hook-form";
import { type FormControlProps, FormField, type FormFieldProps } from "@/components/ui/form-field";

/** What any control of a field takes: its label's id and aria attributes, and react-hook-form's ref, name, blur. */
type BoundControl = FormControlProps & { ref: RefCallBack; name: string; onBlur: () => void };

/** A native `<select>` (or NativeSelect, CountrySelect's inner select) bound whole: value and change included. */
type BoundSelect = BoundControl & {
  value: string;
  onChange: (event: React.ChangeEvent<HTMLSelectElement>) => void;
};

type ControlledFieldProps<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Transformed extends FieldValues,
> = Omit<FormFieldProps, "children" | "error"> & {
  /** The form's control; its resolver may transform the values (a zod schema's output). */
  control: Control<Values, unknown, Transformed>;
  name: Name;
  /** Defaults to the field's own error. */
  error?: FormFieldProps["error"];
  children: (bound: {
    /** Only the label's id and aria attributes, for a stand-in that is not the field (a disabled placeholder). */
    aria: FormControlProps;
    control: BoundControl;
    select: BoundSelect;
    field: ControllerRenderProps<Values, Name>;
    fieldState: ControllerFieldState;
  }) => React.ReactNode;
};

/**
 * A react-hook-form Controller in a FormField: the one adapter for controls that are not registered inputs (native
 * and Radix selects, the amount and country inputs). `select` spreads on a native select; `control` on anything
 * else, with `field.value` and `field.onChange` given as that control wants them.
 */
export function ControlledField<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Transformed extends FieldValues = Values,
>({
  control: formControl,
  name,
  error,
  children,
  ...fieldProps
}: ControlledFieldProps<Values, Name, Transformed>) {
  return (
    <Controller
      control={formControl}
      name={name}
      render={({ field, fieldState }) => (
        <FormField {...fieldProps} error={error ?? fieldState.error}>
          {(aria) => {
            const control: BoundControl = { ...aria, ref: field.ref, name: field.name, onBlur: field.onBlur };
            const select: BoundSelect = {
              ...control,
              value: field.value,
              onChange: (event) => field.onChange(event.target.value),
            };
            return children({ aria, control, select, field, fieldState });
          }}
        </FormField>
      )}
    />
  );
}
