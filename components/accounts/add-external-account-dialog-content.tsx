"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { FormProvider, useForm } from "react-hook-form";
import { z } from "zod";
import { BankAccountFields } from "@/components/customers/bank-account-fields";
import {
  type BankAccountFormValues,
  bankAccountBody,
  type CustomerBankAccountType,
  emptyBankAccount,
  formPathForServerPath,
} from "@/components/customers/customer-form-values";
import { ControlledField } from "@/components/forms/controlled-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormRootError } from "@/components/ui/form-field";
import type { LazyDialogControl } from "@/components/ui/lazy-dialog-trigger";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";
import { createCustomerExternalAccount, createPlatformExternalAccount } from "@/lib/client/api/accounts";
import { configQuery } from "@/lib/client/api/config";
import { landServerErrors } from "@/lib/client/forms/server-errors";
import { queryKeys } from "@/lib/universal/api/keys";
import {
  type CreateCustomerExternalAccountBody,
  type CreatePlatformExternalAccountBody,
  createCustomerExternalAccountBodySchema,
  createPlatformExternalAccountBodySchema,
} from "@/shared/contract";
import { bankAccountTitle } from "./bank-account-labels";

type FormValues = { currency: string; bankAccountInfo: BankAccountFormValues };

/** The currency a single-currency rail holds; IBAN accounts default to euros. */
const RAIL_CURRENCY: Record<CustomerBankAccountType, string> = {
  US_ACCOUNT: "USD",
  CLABE: "MXN",
  IBAN: "EUR",
  PIX: "BRL",
  UPI: "INR",
};

function formSchema(customerId: string | undefined) {
  const bodySchema = customerId
    ? createCustomerExternalAccountBodySchema
    : createPlatformExternalAccountBodySchema;
  const bodyOf = (values: FormValues) => ({
    ...(customerId ? { customerId } : {}),
    currency: values.currency,
    accountInfo: bankAccountBody(values.bankAccountInfo),
  });
  return z
    .custom<FormValues>()
    .superRefine((values, ctx) => {
      if (values.bankAccountInfo.accountType === "") {
        ctx.addIssue({
          code: "custom",
          message: "Choose an account type",
          path: ["bankAccountInfo", "accountType"],
        });
        return;
      }
      const parsed = bodySchema.safeParse(bodyOf(values));
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const [head, ...rest] = issue.path.map(String);
        const path = head === "accountInfo" ? ["bankAccountInfo", ...rest] : [head ?? "currency", ...rest];
        ctx.addIssue({ code: "custom", message: issue.message, path });
      }
    })
    .transform((values) => bodySchema.parse(bodyOf(values)));
}

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
  const schema = React.useMemo(() => formSchema(customerId), [customerId]);
  const form = useForm<FormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { currency: "", bankAccountInfo: { ...emptyBankAccount, accountType: "US_ACCOUNT" } },
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogContent
        returnFocusTo={returnFocusTo}
        className="max-w-2xl"
        title={`Add a bank account for ${ownerLabel}`}
        description="An external account money can be transferred in from and out to. Its format is checked before it is sent."
      >
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
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
            <FormRootError message={form.formState.errors.root?.server?.message} />
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting} loadingText="Adding…">
                Add bank account
              </Button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
