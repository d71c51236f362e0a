"use client";

import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Lock } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { FormProvider, useForm } from "react-hook-form";
import { ControlledField } from "@/components/forms/controlled-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { useDebounced } from "@/components/ui/use-debounced";
import { useLazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { landServerErrors } from "@/lib/forms/server-errors";
import { paymentsFetch, toQuery } from "@/lib/payments/client";
import {
  createCustomer,
  formRequirements,
  isRegulated,
  requiredCustomerPaths,
  updateCustomer,
} from "@/lib/payments/customers";
import { queryKeys } from "@/lib/payments/keys";
import { cn } from "@/lib/utils";
import type {
  CreateCustomerBody,
  Customer,
  CustomerList,
  PlatformConfig,
  UpdateCustomerBody,
} from "@/shared/contract";
import { normalizeUmaAddress } from "@/shared/contract/uma-address-format";
import { BankAccountFields } from "./bank-account-fields";
import { CountrySelect } from "./country-select";
import {
  type CustomerFormValues,
  customerFormDefaults,
  formPathForServerPath,
  umaAddressFieldIssue,
  updateBodyFor,
} from "./customer-form-values";
import { CUSTOMER_TYPE_LABELS, customerDisplayName } from "./customer-labels";

type CustomerFormProps =
  | { mode: "create"; config: PlatformConfig; stored?: undefined }
  | { mode: "edit"; config: PlatformConfig; stored: Customer };

const umaInUseQuery = (umaAddress: string) =>
  queryOptions({
    queryKey: [...queryKeys.customers, "uma-in-use", umaAddress],
    queryFn: ({ signal }) =>
      paymentsFetch<CustomerList>(`/customers${toQuery({ umaAddress, limit: 1 })}`, { signal }),
    staleTime: 5_000,
  });

const TYPE_HINTS = {
  INDIVIDUAL: "A person.",
  BUSINESS: "A company or other organisation.",
} as const;

/**
 * One form for creating and editing INDIVIDUAL and BUSINESS customers. It shows the chosen type's fields, marks
 * and enforces what the platform's currencies require, checks the UMA address while it is typed, and puts the
 * server's field errors on their inputs.
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
  const { register, control, formState, watch } = form;
  const errors = formState.errors;
  const customerType = watch("customerType");
  // A currency's required fields apply once the customer is to transact in it: here, a bank account in it.
  const bankAccount = watch("bankAccountInfo");
  const required = requiredCustomerPaths(formRequirements(currencies, bankAccount), customerType);

  // Provider-required fields are marked, and their hint names the currencies that demand them.
  // While the field shows its error, which names the same currencies, the hint steps aside.
  const requirement = (path: string, error: { message?: string | undefined } | undefined, hint?: string) => {
    const entry = required.get(path);
    const because = entry && !error?.message ? `Required for ${entry.currencies.join(", ")}.` : undefined;
    return {
      required: Boolean(entry),
      error,
      description: [because, hint].filter(Boolean).join(" ") || undefined,
    };
  };
  const addressRequirement = required.get("address");

  // The UMA address is checked on every keystroke, then, once it is well formed, whether another customer has it.
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
        <Card>
          <CardHeader>
            <div className="flex flex-col gap-1">
              <CardTitle>Customer</CardTitle>
              <CardDescription>
                {required.size > 0
                  ? "Fields marked required are demanded by the payment provider of the bank account's currency."
                  : "Only the platform customer id is required. Each currency's provider asks for more before the customer can transact in it; see Ready to transact below."}
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
                        value={type}
                        className="mt-0.5 size-4 accent-brand-600"
                        {...register("customerType", { onChange: () => form.clearErrors() })}
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
              <FormField
                label="Platform customer id"
                required
                description="Your own id for this customer. Several customers may share one if their UMA addresses differ."
                error={errors.platformCustomerId}
              >
                <Input
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono"
                  {...register("platformCustomerId")}
                />
              </FormField>
            ) : (
              <ReadOnlyValue label="Platform customer id" value={stored.platformCustomerId} mono />
            )}
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
                {...register("umaAddress")}
              />
            </FormField>
          </CardContent>
        </Card>

        {customerType === "INDIVIDUAL" ? (
          <Card>
            <CardHeader>
              <div className="flex flex-col gap-1">
                <CardTitle>Person</CardTitle>
                {lockedNote ? <LockedNote text={lockedNote} /> : null}
              </div>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <FormField
                label="Full legal name"
                className="sm:col-span-2"
                {...requirement("fullName", errors.fullName)}
              >
                <Input autoComplete="off" readOnly={locked} {...register("fullName")} />
              </FormField>
              <FormField label="Date of birth" {...requirement("birthDate", errors.birthDate)}>
                <Input
                  type="date"
                  readOnly={locked}
                  max={new Date().toISOString().slice(0, 10)}
                  {...register("birthDate")}
                />
              </FormField>
              <ControlledField
                control={control}
                name="nationality"
                label="Nationality"
                {...requirement("nationality", errors.nationality)}
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
        ) : (
          <Card>
            <CardHeader>
              <div className="flex flex-col gap-1">
                <CardTitle>Business</CardTitle>
                {lockedNote ? <LockedNote text={lockedNote} /> : null}
              </div>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <FormField
                label="Legal name"
                className="sm:col-span-2"
                {...requirement(
                  "businessInfo.legalName",
                  errors.businessInfo?.legalName,
                  "As registered, e.g. Acme (UK) Ltd.",
                )}
              >
                <Input autoComplete="off" readOnly={locked} {...register("businessInfo.legalName")} />
              </FormField>
              <FormField label="Registration number" error={errors.businessInfo?.registrationNumber}>
                <Input
                  autoComplete="off"
                  readOnly={locked}
                  className="font-mono"
                  {...register("businessInfo.registrationNumber")}
                />
              </FormField>
              <FormField label="Tax ID" {...requirement("businessInfo.taxId", errors.businessInfo?.taxId)}>
                <Input
                  autoComplete="off"
                  readOnly={locked}
                  className="font-mono"
                  {...register("businessInfo.taxId")}
                />
              </FormField>
            </CardContent>
          </Card>
        )}

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
              <Input autoComplete="off" readOnly={locked} {...register("address.line1")} />
            </FormField>
            <FormField
              label="Apartment, suite, floor"
              className="sm:col-span-2"
              error={errors.address?.line2}
            >
              <Input autoComplete="off" readOnly={locked} {...register("address.line2")} />
            </FormField>
            <FormField label="City" error={errors.address?.city}>
              <Input autoComplete="off" readOnly={locked} {...register("address.city")} />
            </FormField>
            <FormField label="State or region" error={errors.address?.state}>
              <Input autoComplete="off" readOnly={locked} {...register("address.state")} />
            </FormField>
            <FormField
              label="Postal code"
              required={Boolean(addressRequirement)}
              error={errors.address?.postalCode}
            >
              <Input autoComplete="off" readOnly={locked} {...register("address.postalCode")} />
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

        <Card>
          <CardHeader>
            <div className="flex flex-col gap-1">
              <CardTitle>Bank account</CardTitle>
              <CardDescription>
                {mode === "create"
                  ? "Optional. The account the customer is paid out to; it becomes one of their external accounts."
                  : "Optional. Adds another external account to the customer; existing ones are kept."}
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <BankAccountFields />
          </CardContent>
        </Card>

        {errors.root?.server?.message ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            {errors.root.server.message}
            {errors.root.server.type && errors.root.server.type !== "server" ? (
              <span className="mt-0.5 block font-mono text-xs opacity-80">{errors.root.server.type}</span>
            ) : null}
          </p>
        ) : null}

        <div className="flex flex-wrap items-center justify-end gap-2">
          <Button asChild variant="outline">
            <Link href={cancelHref}>Cancel</Link>
          </Button>
          <Button
            type="submit"
            loading={formState.isSubmitting}
            loadingText={mode === "create" ? "Creating…" : "Saving…"}
          >
            {mode === "create" ? "Create customer" : "Save changes"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

function ReadOnlyValue({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium leading-none">{label}</span>
      <span
        className={cn("flex h-9 items-center text-sm text-zinc-700 dark:text-zinc-300", mono && "font-mono")}
      >
        {value}
      </span>
    </div>
  );
}

function LockedNote({ text }: { text: string }) {
  return (
    <p className="flex items-start gap-1.5 text-sm text-amber-800 dark:text-amber-300">
      <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      {text}
    </p>
  );
}
