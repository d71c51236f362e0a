"use client";

import { useFormContext } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { registerRadio } from "@/lib/client/forms/register-with-value";
import { cn } from "@/lib/universal/utils";
import type { Customer, PlatformConfig } from "@/shared/contract";
import type { CustomerFormValues } from "../customer-form-values";
import { CUSTOMER_TYPE_LABELS } from "../customer-labels";
import { PlatformIdField } from "./platform-id-field";
import { ReadOnlyValue } from "./read-only-value";
import type { RequiredPaths } from "./requirement";
import { UmaAddressField } from "./uma-address-field";

const TYPE_HINTS = {
  INDIVIDUAL: "A person.",
  BUSINESS: "A company or other organisation.",
} as const;

/** Who the customer is to the platform: its type, the platform's own id for it, its UMA address. */
export function IdentitySection({
  mode,
  config,
  stored,
  required,
}: {
  mode: "create" | "edit";
  config: PlatformConfig;
  stored: Customer | undefined;
  required: RequiredPaths;
}) {
  const form = useFormContext<CustomerFormValues>();
  const { watch } = form;
  const customerType = watch("customerType");
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle>Customer</CardTitle>
          <CardDescription>
            {required.size > 0
              ? "Fields marked required are demanded by the payment provider of the bank account's currency."
              : "Only the platform customer id is required. Each currency's provider asks for more before the customer can transact in it: see Ready to transact below."}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        {mode === "create" ? (
          <fieldset className="flex flex-col gap-2 sm:col-span-2">
            <legend className="mb-2 text-sm font-medium">Customer type</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {(["INDIVIDUAL", "BUSINESS"] as const).map((type) => (
                <label
                  key={type}
                  className={cn(
                    "flex cursor-pointer items-start gap-3 rounded-md border border-zinc-300 p-3 transition-colors dark:border-zinc-700",
                    "has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:has-[:checked]:bg-brand-700/20",
                  )}
                >
                  <input
                    type="radio"
                    className="mt-0.5 size-4 accent-brand-600"
                    {...registerRadio(form, "customerType", type, { onChange: () => form.clearErrors() })}
                  />
                  <span className="flex flex-col gap-0.5">
                    <span className="text-sm font-medium">{CUSTOMER_TYPE_LABELS[type]}</span>
                    <span className="text-xs text-zinc-600 dark:text-zinc-400">{TYPE_HINTS[type]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <ReadOnlyValue
            label="Customer type"
            value={`${CUSTOMER_TYPE_LABELS[customerType]} (cannot change)`}
          />
        )}
        {mode === "create" ? (
          <PlatformIdField />
        ) : (
          <ReadOnlyValue label="Platform customer id" value={stored?.platformCustomerId ?? ""} mono />
        )}
        <UmaAddressField mode={mode} config={config} stored={stored} />
      </CardContent>
    </Card>
  );
}
