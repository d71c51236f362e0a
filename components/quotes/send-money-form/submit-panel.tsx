"use client";

import { Zap } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import { ControlledField } from "@/components/forms/controlled-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import type { SendMoneyValues } from "../send-money-model";

/** Whether to execute at once, what went wrong with the last try, and the button that quotes or sends. */
export function SubmitPanel({ form }: { form: UseFormReturn<SendMoneyValues> }) {
  const rootError = form.formState.errors.root?.message;
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <ControlledField
        control={form.control}
        name="immediatelyExecute"
        orientation="horizontal"
        label="Execute immediately"
        description="Pay at the current rate as soon as the quote is made, without reviewing the rate and fees first."
      >
        {({ aria, field }) => (
          <Checkbox
            {...aria}
            checked={field.value}
            onCheckedChange={(checked) => field.onChange(checked === true)}
          />
        )}
      </ControlledField>
      {rootError ? (
        <p
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {rootError}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button
          type="submit"
          size="lg"
          loading={form.formState.isSubmitting}
          loadingText={form.getValues("immediatelyExecute") ? "Sending…" : "Getting a quote…"}
        >
          {form.watch("immediatelyExecute") ? (
            <>
              <Zap aria-hidden="true" />
              Send now
            </>
          ) : (
            "Get quote"
          )}
        </Button>
      </div>
    </div>
  );
}
