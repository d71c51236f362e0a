"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { FormProvider, useForm } from "react-hook-form";
import { InertUntilHydrated } from "@/components/forms/inert-until-hydrated";
import { toast } from "@/components/ui/toast";
import {
  createCustomer,
  formRequirements,
  isRegulated,
  requiredCustomerPaths,
  updateCustomer,
} from "@/lib/client/api/customers";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { landServerErrors } from "@/lib/client/forms/server-errors";
import { queryKeys } from "@/lib/universal/api/keys";
import type { CreateCustomerBody, Customer, PlatformConfig, UpdateCustomerBody } from "@/shared/contract";
import { AddressSection } from "./customer-form/address-section";
import { BankAccountSection } from "./customer-form/bank-account-section";
import { BusinessSection } from "./customer-form/business-section";
import { FormActions } from "./customer-form/form-actions";
import { IdentitySection } from "./customer-form/identity-section";
import { PersonSection } from "./customer-form/person-section";
import { ReadinessSection } from "./customer-form/readiness-section";
import {
  type CustomerFormValues,
  customerFormDefaults,
  formPathForServerPath,
  updateBodyFor,
} from "./customer-form-values";
import { customerDisplayName } from "./customer-labels";

type CustomerFormProps =
  | { mode: "create"; config: PlatformConfig; stored?: undefined }
  | { mode: "edit"; config: PlatformConfig; stored: Customer };

/**
 * One form for creating and editing INDIVIDUAL and BUSINESS customers. It shows the chosen type's fields, marks
 * and enforces what the bank account's currency requires, shows live which currencies the customer is ready to
 * transact in, checks the UMA address while it is typed, and puts the server's field errors on their inputs.
 */
export function CustomerForm({ mode, config, stored }: CustomerFormProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const regulated = isRegulated(config);
  const locked = mode === "edit" && !regulated;
  const currencies = config.supportedCurrencies;
  const resolver = useLazyZodResolver<CustomerFormValues, CreateCustomerBody | UpdateCustomerBody>(
    () =>
      import("./customer-form-schema").then((module) =>
        module.customerFormSchema({ mode, umaDomain: config.umaDomain, currencies, stored }),
      ),
    [mode, config.umaDomain, currencies, stored],
  );
  const form = useForm<CustomerFormValues, unknown, CreateCustomerBody | UpdateCustomerBody>({
    resolver,
    defaultValues: customerFormDefaults(stored),
    mode: "onTouched",
  });
  const customerType = form.watch("customerType");
  // A currency's required fields apply once the customer is to transact in it: here, a bank account in it.
  const bankAccount = form.watch("bankAccountInfo");
  const required = requiredCustomerPaths(formRequirements(currencies, bankAccount), customerType);

  const submit = form.handleSubmit(async (body) => {
    try {
      let saved: Customer;
      if (mode === "create") {
        saved = await createCustomer(body as CreateCustomerBody);
      } else {
        const changes = updateBodyFor(body as UpdateCustomerBody, stored, { regulated });
        if (Object.keys(changes).length === 1) {
          toast.info("No changes to save");
          router.push(`/customers/${encodeURIComponent(stored.id)}`);
          return;
        }
        saved = await updateCustomer(stored.id, changes);
      }
      queryClient.setQueryData(queryKeys.customer(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.customers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
      toast.success(
        mode === "create" ? `Created ${customerDisplayName(saved)}` : `Saved ${customerDisplayName(saved)}`,
        { description: `UMA address ${saved.umaAddress}` },
      );
      router.push(`/customers/${encodeURIComponent(saved.id)}`);
    } catch (error) {
      landServerErrors(
        form.setError,
        error,
        formPathForServerPath,
        mode === "create"
          ? "The customer could not be created. Try again."
          : "The changes could not be saved.",
      );
    }
  });

  const lockedNote = locked
    ? "This platform is not a regulated institution, so personal information cannot change after the customer is created."
    : undefined;
  const cancelHref = stored ? `/customers/${encodeURIComponent(stored.id)}` : "/customers";

  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        onFocus={resolver.preload}
        noValidate
        className="flex max-w-3xl flex-col gap-6"
        aria-label={mode === "create" ? "New customer" : "Edit customer"}
      >
        <InertUntilHydrated>
          <IdentitySection mode={mode} config={config} stored={stored} required={required} />

          {customerType === "INDIVIDUAL" ? (
            <PersonSection required={required} locked={locked} lockedNote={lockedNote} />
          ) : (
            <BusinessSection required={required} locked={locked} lockedNote={lockedNote} />
          )}

          <AddressSection required={required} locked={locked} lockedNote={lockedNote} />

          <BankAccountSection mode={mode} />

          <ReadinessSection currencies={currencies} />

          <FormActions mode={mode} cancelHref={cancelHref} />
        </InertUntilHydrated>
      </form>
    </FormProvider>
  );
}
