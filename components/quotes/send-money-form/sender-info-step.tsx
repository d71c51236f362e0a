"use client";

import type { UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { RECEIVER_FIELD_PRESENTATION } from "@/lib/universal/approvals/receiver-info";
import type { payerFields, SendMoneyValues } from "../send-money-model";
import { Step } from "./step";

/** Step 4, when the receiver's institution asks about the sender: those fields, prefilled from the customer. */
export function SenderInfoStep({
  form,
  fields,
}: {
  form: UseFormReturn<SendMoneyValues>;
  fields: ReturnType<typeof payerFields>;
}) {
  if (fields.length === 0) return null;
  return (
    <Step
      number={4}
      title="Sender information"
      description="The receiver's institution asks this about the sender. It is filled in from the customer's record where it holds it; check it before quoting."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => {
          const presentation = RECEIVER_FIELD_PRESENTATION[field.name];
          return (
            <FormField
              key={field.name}
              label={presentation.label}
              description={presentation.description}
              required={field.mandatory}
              error={form.formState.errors.payer?.[field.name]}
            >
              <Input
                type={presentation.type}
                autoComplete={presentation.autoComplete}
                {...form.register(`payer.${field.name}`)}
              />
            </FormField>
          );
        })}
      </div>
    </Step>
  );
}
