"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { FormProvider, useForm } from "react-hook-form";
import { BankAccountFields } from "@/components/customers/bank-account-fields";
import {
  type CustomerBankAccountType,
  emptyBankAccount,
  formPathForServerPath,
} from "@/components/customers/customer-form-values";
import { ControlledField } from "@/components/forms/controlled-field";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { LazyDialogControl } from "@/components/ui/lazy-dialog-trigger";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";
import { createCustomerExternalAccount, createPlatformExternalAccount } from "@/lib/client/api/accounts";
import { configQuery } from "@/lib/client/api/config";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { landServerErrors } from "@/lib/client/forms/server-errors";
import { queryKeys } from "@/lib/universal/api/keys";
import type { CreateCustomerExternalAccountBody, CreatePlatformExternalAccountBody } from "@/shared/contract";
import type { ExternalAccountFormValues as FormValues } from "./account-form-schemas";
import { bankAccountTitle } from "./bank-account-labels";

/** The currency a single-currency rail holds; IBAN accounts default to euros. */
const RAIL_CURRENCY: Record<CustomerBankAccountType, string> = {
  US_ACCOUNT: "USD",
  CLABE: "MXN",
  IBAN: "EUR",
  PIX: "BRL",
  UPI: "INR",
};

/** Registers a bank account for a customer (customerId given) or for the platform. */
/** The dialog of `AddExternalAccountDialog` (./add-external-account-dialog-content.tsx without -content), downloaded when first opened. */
export function AddExternalAccountDialogContent({
  customerId,
  ownerLabel,
  open,
  onOpenChange: setOpen,
  returnFocusTo,
}: {
  customerId?: string;
  ownerLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: LazyDialogControl["returnFocusTo"];
}) {
  const queryClient = useQueryClient();
  const config = useQuery({ ...configQuery(), enabled: open });
  const currencies = config.data?.supportedCurrencies.map((entry) => entry.currencyCode) ?? [];
  const resolver = useLazyZodResolver<
    FormValues,
    CreateCustomerExternalAccountBody | CreatePlatformExternalAccountBody
  >(
    () => import("./account-form-schemas").then((module) => module.externalAccountFormSchema(customerId)),
    [customerId],
  );
  const form = useForm<
    FormValues,
    unknown,
    CreateCustomerExternalAccountBody | CreatePlatformExternalAccountBody
  >({
    resolver,
    defaultValues: {
      currency: "",
      bankAccountInfo: { ...emptyBankAccount, accountType: "US_ACCOUNT" },
      ...(customerId ? {} : { holderLegalName: "" }),
    },
  });
  const accountType = form.watch("bankAccountInfo.accountType");
  const currency = form.watch("currency");
  React.useEffect(() => {
    if (accountType !== "") form.setValue("currency", RAIL_CURRENCY[accountType]);
  }, [accountType, form]);
  const options = [...new Set([...currencies, ...(currency ? [currency] : [])])];

  const submit = form.handleSubmit(async (body) => {
    try {
      const created = customerId
        ? await createCustomerExternalAccount(body as CreateCustomerExternalAccountBody)
        : await createPlatformExternalAccount(body as CreatePlatformExternalAccountBody);
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
      toast.success(`Added ${bankAccountTitle(created.accountInfo)}`, { description: `For ${ownerLabel}` });
      setOpen(false);
      form.reset();
    } catch (error) {
      landServerErrors(
        form.setError,
        error,
        (path) => (path === "currency" ? "currency" : formPathForServerPath(path)),
        "The bank account could not be added.",
      );
    }
  });

  return (
    <FormProvider {...form}>
      <FormDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) form.reset();
        }}
        returnFocusTo={returnFocusTo}
        className="max-w-2xl"
        title={`Add a bank account for ${ownerLabel}`}
        description="An external account money can be transferred in from and out to. Its format is checked before it is sent."
        onSubmit={submit}
        rootError={form.formState.errors.root?.server?.message}
        submit={{ label: "Add bank account", loading: form.formState.isSubmitting, loadingText: "Adding…" }}
        cancel={{ onClick: () => setOpen(false) }}
      >
        {customerId ? null : (
          <FormField
            label="Account holder"
            required
            description="The legal name of whoever holds the account: the platform's own company, or the business it pays. It is screened against the watchlists before money is sent to it."
            error={form.formState.errors.holderLegalName}
          >
            <Input autoComplete="organization" {...form.register("holderLegalName")} />
          </FormField>
        )}
        <BankAccountFields optional={false} />
        <ControlledField
          control={form.control}
          name="currency"
          label="Currency"
          required
          description="The currency the account holds; transfers pair it with the internal account in the same currency."
        >
          {({ control, field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger {...control} className="sm:max-w-48">
                <SelectValue placeholder="Choose a currency" />
              </SelectTrigger>
              <SelectContent>
                {options.map((code) => (
                  <SelectItem key={code} value={code}>
                    {code}
                    {currencies.includes(code) ? "" : " (not supported by this platform)"}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </ControlledField>
      </FormDialog>
    </FormProvider>
  );
}
