"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { useFormContext } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useDebounced } from "@/components/ui/use-debounced";
import { paymentsFetch, toQuery } from "@/lib/client/api/client";
import { registerWithValue } from "@/lib/client/forms/register-with-value";
import { queryKeys } from "@/lib/universal/api/keys";
import type { Customer, CustomerList, PlatformConfig } from "@/shared/contract";
import { normalizeUmaAddress } from "@/shared/contract/uma-address-format";
import { type CustomerFormValues, umaAddressFieldIssue } from "../customer-form-values";
import { customerDisplayName } from "../customer-labels";

const umaInUseQuery = (umaAddress: string) =>
  queryOptions({
    queryKey: [...queryKeys.customers, "uma-in-use", umaAddress],
    queryFn: ({ signal }) =>
      paymentsFetch<CustomerList>(`/customers${toQuery({ umaAddress, limit: 1 })}`, { signal }),
    staleTime: 5_000,
  });

/**
 * The UMA address, checked on every keystroke and then, once it is well formed, against the other customers.
 */
export function UmaAddressField({
  mode,
  config,
  stored,
}: {
  mode: "create" | "edit";
  config: PlatformConfig;
  stored: Customer | undefined;
}) {
  const form = useFormContext<CustomerFormValues>();
  const { watch, formState } = form;
  const errors = formState.errors;
  const umaValue = watch("umaAddress");
  const typedUma = umaValue.trim() === "" ? "" : normalizeUmaAddress(umaValue.trim());
  const umaIssue = typedUma === stored?.umaAddress ? null : umaAddressFieldIssue(umaValue, config.umaDomain);
  const debouncedUma = useDebounced(typedUma, 350);
  const lookUp =
    debouncedUma !== "" &&
    debouncedUma === typedUma &&
    umaIssue === null &&
    debouncedUma !== stored?.umaAddress;
  const inUse = useQuery({ ...umaInUseQuery(debouncedUma), enabled: lookUp });
  const holder = lookUp ? inUse.data?.data.find((customer) => customer.id !== stored?.id) : undefined;
  const umaError =
    errors.umaAddress?.message ??
    umaIssue ??
    (holder ? `Already used by ${customerDisplayName(holder)} (${holder.platformCustomerId})` : undefined);
  const umaAvailable = lookUp && inUse.isSuccess && holder === undefined;

  return (
    <FormField
      label="UMA address"
      className="sm:col-span-2"
      description={
        umaValue.trim() === "" ? (
          mode === "create" ? (
            `Leave empty and one is generated on ${config.umaDomain}.`
          ) : (
            "The customer's current address is kept."
          )
        ) : umaAvailable ? (
          <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
            <CircleCheck aria-hidden="true" className="size-3.5" />
            Valid, and no other customer has it.
          </span>
        ) : (
          `Must end with @${config.umaDomain}.`
        )
      }
      error={umaValue.trim() === "" ? errors.umaAddress : umaError}
    >
      <Input
        autoComplete="off"
        spellCheck={false}
        placeholder={`$alice@${config.umaDomain}`}
        className="font-mono"
        {...registerWithValue(form, "umaAddress")}
      />
    </FormField>
  );
}
