"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { Building2, Landmark, Search, UserRound } from "lucide-react";
import * as React from "react";
import type { UseFormReturn } from "react-hook-form";
import { BANK_ACCOUNT_TYPE_LABELS, bankAccountTitle } from "@/components/accounts/bank-account-labels";
import { CustomerPicker } from "@/components/names/customer-picker";
import { Button } from "@/components/ui/button";
import { errorDetails, errorStatus } from "@/components/ui/error-details";
import { Money } from "@/components/ui/money";
import { QueryState } from "@/components/ui/query-state";
import { SegmentedChoice } from "@/components/ui/segmented-choice";
import { Skeleton } from "@/components/ui/skeleton";
import { externalAccountsForQuery } from "@/lib/client/api/accounts";
import { customerDetailQuery } from "@/lib/client/api/customers";
import { lookupExternalAccount } from "@/lib/client/api/receiver";
import { screenRecipient } from "@/lib/client/api/screening";
import type { CustomerChoice } from "@/lib/universal/names/customer-matches";
import { formatRate } from "@/lib/universal/transactions/rate";
import { cn, focusRing } from "@/lib/universal/utils";
import type { ExternalAccountLookup } from "@/shared/contract";
import type { AccountOwner } from "./account-picker";
import { type RecipientCheck, RecipientScreeningLine } from "./recipient-screening-line";

const OWNER_OPTIONS = [
  { value: "platform", label: "Platform's", icon: Building2 },
  { value: "customer", label: "A customer's", icon: UserRound },
] as const;

import { type AnyLookup, isAccountLookup, type SendMoneyValues } from "./send-money-model";

type Props = {
  form: UseFormReturn<SendMoneyValues>;
  /** The sending customer, named in the lookup; absent when the platform sends. */
  senderCustomerId: string | undefined;
  /** The source account's currency: the estimated rate is so many of it per unit of the receiving currency. */
  sendingCurrency?: string | undefined;
  lookup: AnyLookup | undefined;
  onLookup: (lookup: ExternalAccountLookup | undefined) => void;
};

/**
 * An external (bank) account of the platform or of a customer, looked up as a receiver before quoting
 * (GET /receiver/external-account/{id}): the currency it receives, the bounds and an estimated rate.
 */
export function ExternalAccountLookupPanel({
  form,
  senderCustomerId,
  sendingCurrency,
  lookup,
  onLookup,
}: Props) {
  const [owner, setOwner] = React.useState<AccountOwner>("platform");
  const [picked, setPicked] = React.useState<CustomerChoice | null>(null);
  const [customerKey, setCustomerKey] = React.useState<string | null>(null);
  const chosen = form.watch("destinationAccountId");
  const error = form.formState.errors.destinationAccountId?.message;

  const customer = useQuery({
    ...customerDetailQuery(customerKey ?? ""),
    enabled: owner === "customer" && customerKey !== null,
  });
  const ownerReady = owner === "platform" || customer.data !== undefined;
  const accounts = useQuery({
    ...externalAccountsForQuery({ customerId: owner === "customer" ? customer.data?.id : undefined }),
    enabled: ownerReady,
  });
  const [screening, setScreening] = React.useState<RecipientCheck | null>(null);
  const mutation = useMutation({
    // The account's holder is screened as it is looked up: no money goes to a potential match (the server refuses
    // the payment until compliance has cleared it), and the person paying learns it here, before quoting.
    mutationFn: async (accountId: string) => {
      const [result, check] = await Promise.all([
        lookupExternalAccount(accountId, senderCustomerId),
        // Where an account older than those the console reads is found: its owner as picked, or the sender.
        screenRecipient(accountId, [
          ...new Set(
            [owner === "customer" ? customer.data?.id : undefined, senderCustomerId].filter(
              (id): id is string => id !== undefined,
            ),
          ),
        ]).then(
          (answer): RecipientCheck => ({ accountId, answer }),
          (failure: unknown): RecipientCheck => ({ accountId, failure: errorDetails(failure).message }),
        ),
      ]);
      setScreening(check);
      return result;
    },
    onSuccess: (result) => {
      onLookup(result);
      form.setValue("receivingCurrency", result.supportedCurrencies[0]?.currency.code ?? "");
      form.clearErrors("destinationAccountId");
    },
    onError: (failure) => {
      onLookup(undefined);
      form.setError("destinationAccountId", { message: errorDetails(failure).message });
    },
  });

  const choose = (accountId: string) => {
    form.setValue("destinationAccountId", accountId);
    form.clearErrors("destinationAccountId");
    if (lookup) onLookup(undefined);
  };
  const chooseOwner = (next: AccountOwner) => {
    setOwner(next);
    choose("");
  };

  const usable = accounts.data?.data.filter((account) => account.status !== "INACTIVE") ?? [];
  const found = isAccountLookup(lookup) && lookup.accountId === chosen ? lookup : undefined;
  const offer = found?.supportedCurrencies[0];

  return (
    <fieldset
      className="flex flex-col gap-3"
      aria-describedby={error ? "external-destination-error" : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="sr-only">Pay into a bank account</legend>
      <SegmentedChoice
        name="external-owner"
        label="Bank account of"
        options={OWNER_OPTIONS}
        value={owner}
        onChange={chooseOwner}
      />

      {owner === "customer" ? (
        <div className="flex flex-col gap-1.5">
          <CustomerPicker
            id="external-customer"
            label="Customer whose bank account"
            value={picked}
            onChange={(choice) => {
              choose("");
              setPicked(choice);
              setCustomerKey(choice?.id ?? null);
            }}
          />
          {customer.error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errorStatus(customer.error) === 404
                ? "This customer no longer exists."
                : errorDetails(customer.error).message}
            </p>
          ) : null}
        </div>
      ) : null}

      {ownerReady ? (
        <QueryState
          query={accounts}
          loading={
            <div role="status" aria-label="Loading bank accounts" className="grid gap-2 sm:grid-cols-2">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          }
          error={(failure) => (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errorDetails(failure).message}
            </p>
          )}
          isEmpty={() => usable.length === 0}
          empty={
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {owner === "platform" ? "The platform has" : "This customer has"} no active bank account to pay
              into.
            </p>
          }
        >
          {() => (
            <div role="radiogroup" aria-label="Bank account" className="grid gap-2 sm:grid-cols-2">
              {usable.map((account) => (
                <label
                  key={account.id}
                  className={cn(
                    "relative flex cursor-pointer flex-col gap-1 rounded-lg border border-zinc-200 bg-white p-3 text-sm shadow-sm dark:border-zinc-800 dark:bg-zinc-900",
                    "has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600",
                    "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
                  )}
                >
                  <input
                    type="radio"
                    name="external-account"
                    value={account.id}
                    checked={chosen === account.id}
                    onChange={() => choose(account.id)}
                    className={cn("absolute top-3 right-3 size-4 accent-brand-600", focusRing)}
                  />
                  <span className="pr-6 font-semibold">{bankAccountTitle(account.accountInfo)}</span>
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {BANK_ACCOUNT_TYPE_LABELS[account.accountInfo.accountType]} · {account.currency}
                  </span>
                  <span className="truncate font-mono text-[11px] text-zinc-500 dark:text-zinc-400">
                    {account.id}
                  </span>
                </label>
              ))}
            </div>
          )}
        </QueryState>
      ) : null}

      {chosen ? (
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={() => mutation.mutate(chosen)}
            loading={mutation.isPending}
            loadingText="Looking up…"
          >
            <Search aria-hidden="true" />
            Look up account
          </Button>
        </div>
      ) : null}

      {error ? (
        <p id="external-destination-error" className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}

      {found && offer ? (
        <section
          aria-label="Receiving bank account"
          className="flex flex-col gap-1 rounded-lg border border-zinc-200 bg-zinc-50 p-4 text-sm dark:border-zinc-800 dark:bg-zinc-950"
        >
          <p className="flex items-center gap-2">
            <Landmark aria-hidden="true" className="size-4 text-zinc-500 dark:text-zinc-400" />
            <span className="font-medium">Found: it receives {offer.currency.code}</span>
          </p>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {`Estimated rate ${formatRate(offer.estimatedExchangeRate)}${sendingCurrency ? ` ${sendingCurrency}` : ""} per ${offer.currency.code}; the quote fixes the real rate. `}
            From <Money amount={offer.min} currency={offer.currency} /> to{" "}
            <Money amount={offer.max} currency={offer.currency} />.
          </p>
          {screening?.accountId === found.accountId ? <RecipientScreeningLine check={screening} /> : null}
        </section>
      ) : null}
    </fieldset>
  );
}
