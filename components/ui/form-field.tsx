"use client";

import { CircleExclamationPoint } from "lucide-react";
import { Slot } from "radix-ui";
import * as React from "react";
import { cn } from "@/lib/universal/utils";
import { Label } from "./label";

/** The attributes that tie a control to its label, description and error. */
export type FormControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
};

export type FormFieldProps = {
  label: React.ReactNode;
  /** Hint shown under the control, read after the label. */
  description?: React.ReactNode;
  /** A message, or react-hook-form's FieldError (`formState.errors.name`). */
  error?: string | { message?: string | undefined } | undefined;
  /** Marks the field required for assistive technology and shows "(required)" after the label. */
  required?: boolean;
  /** `horizontal` puts a checkbox or switch before its label. */
  orientation?: "vertical" | "horizontal";
  /** Defaults to a generated id; give one when a test or an anchor needs to reach the control. */
  id?: string;
  className?: string;
  /**
   * The control. An element (`<Input {...register("email")} />`, a SelectTrigger) receives the id and aria
   * attributes itself; a function receives them to place on the right element of a composite control
   * (`{(control) => <Select …><SelectTrigger {...control} /></Select>}`), as with react-hook-form's Controller.
   */
  children: React.ReactElement | ((control: FormControlProps) => React.ReactNode);
};

function errorMessage(error: FormFieldProps["error"]): string | undefined {
  if (error === undefined) return undefined;
  if (typeof error === "string") return error || undefined;
  return error.message || undefined;
}

export function FormField({
  label,
  description,
  error,
  required = false,
  orientation = "vertical",
  id,
  className,
  children,
}: FormFieldProps) {
  const generatedId = React.useId();
  const controlId = id ?? `field-${generatedId}`;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const message = errorMessage(error);

  const describedBy = [description ? descriptionId : null, message ? errorId : null]
    .filter(Boolean)
    .join(" ");
  const control: FormControlProps = {
    id: controlId,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(message ? { "aria-invalid": true as const } : {}),
    ...(required ? { "aria-required": true as const } : {}),
  };

  const renderedControl =
    typeof children === "function" ? children(control) : <Slot.Root {...control}>{children}</Slot.Root>;

  const labelElement = (
    <Label htmlFor={controlId} className={cn(message && "text-red-700 dark:text-red-400")}>
      {label}
      {required ? (
        <span className="ml-1 font-normal text-zinc-500 dark:text-zinc-400">(required)</span>
      ) : null}
    </Label>
  );

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      {orientation === "horizontal" ? (
        <div className="flex items-center gap-2.5">
          {renderedControl}
          {labelElement}
        </div>
      ) : (
        <>
          {labelElement}
          {renderedControl}
        </>
      )}
      {description ? (
        <p id={descriptionId} className="text-xs text-zinc-600 dark:text-zinc-400">
          {description}
        </p>
      ) : null}
      {message ? (
        <p id={errorId} className="flex items-start gap-1 text-xs font-medium text-red-700 dark:text-red-400">
          <CircleExclamationPoint aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          <span className="sr-only">Error: </span>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The form-level error a server answer left (react-hook-form's `errors.root.server`), announced when it appears. */
export function FormRootError({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}
