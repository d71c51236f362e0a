"use client";

import { useQuery } from "@tanstack/react-query";
import { Building2, UserRound } from "lucide-react";
import * as React from "react";
import { retiredReason, useRetiredCurrencies } from "@/components/currencies/retired-currency";
import { CustomerPicker } from "@/components/names/customer-picker";
import { errorDetails, errorStatus } from "@/components/ui/error-details";
import { Money } from "@/components/ui/money";
import { SegmentedChoice } from "@/components/ui/segmented-choice";
import { Skeleton } from "@/components/ui/skeleton";
import { customerInternalAccountsQuery, platformInternalAccountsQuery } from "@/lib/client/api/accounts";
import { customerDetailQuery } from "@/lib/client/api/customers";
import { type CustomerChoice, customerChoice } from "@/lib/universal/names/customer-matches";
import { cn, focusRing } from "@/lib/universal/utils";
import type { Customer, InternalAccount } from "@/shared/contract";
import { kycLetsMoneyMove } from "@/shared/contract/customer-requirements";

export type AccountOwner = "platform" | "customer";

export type PickedAccount = {
  account: InternalAccount;
  /** The owning customer; absent for the platform's own accounts. */
  customer?: Customer;
};

const OWNER_OPTIONS = [
  { value: "platform", label: "Platform account", icon: Building2 },
  { value: "customer", label: "Customer account", icon: UserRound },
] as const;

type Props = {
  /** Prefix of the controls' ids and radio group names; unique on the page. */
  id: string;
  legend: string;
  description?: string;
  value: PickedAccount | null;
  onChange: (picked: PickedAccount | null) => void;
  /** The other side's account, which cannot be chosen here too. */
  excludeAccountId?: string | undefined;
  /** The error of the form field this picker fills. */
  error?: string | undefined;
  /** Notified when the owner kind changes, so the page can say what a kind allows (UMA needs a customer). */
  onOwnerChange?: (owner: AccountOwner) => void;
};

/**
 * Picks an internal account: one of the platform's, or one of a customer's, the customer found by name, email,
 * UMA address or id (components/names/customer-picker.tsx). Each account shows its currency and balance, so the person sees what it can pay.
 */
export function AccountPicker({
  id,
  legend,
  description,
  value,
  onChange,
  excludeAccountId,
  error,
  onOwnerChange,
}: Props) {
  const [owner, setOwner] = React.useState<AccountOwner>(value?.customer ? "customer" : "platform");
  const [customerKey, setCustomerKey] = React.useState<string | null>(value?.customer?.id ?? null);
  // The choice as the search found it, until the customer's own record has loaded.
  const [picked, setPicked] = React.useState<CustomerChoice | null>(null);
  const errorId = `${id}-error`;

  const platform = useQuery({ ...platformInternalAccountsQuery(), enabled: owner === "platform" });
  const customer = useQuery({
    ...customerDetailQuery(customerKey ?? ""),
    enabled: owner === "customer" && customerKey !== null,
  });
  const customerAccounts = useQuery({
    ...customerInternalAccountsQuery({ customerId: customer.data?.id, limit: 100 }),
    enabled: owner === "customer" && customer.data !== undefined,
  });

  const chooseOwner = (next: AccountOwner) => {
    setOwner(next);
    onOwnerChange?.(next);
    if (value) onChange(null);
  };

  const chosen =
    customerKey === null
      ? null
      : customer.data?.id === customerKey
        ? customerChoice(customer.data)
        : picked?.id === customerKey
          ? picked
          : null;

  const held =
    owner === "platform"
      ? platform.data?.data
      : customer.data && customerAccounts.data
        ? customerAccounts.data.data.filter((account) => account.customerId === customer.data.id)
        : undefined;
  // A retired currency's account (no longer supported by the platform) is not offered for a new payment.
  const { isRetired } = useRetiredCurrencies();
  const accounts = held?.filter((account) => !isRetired(account.balance.currency.code));
  const retiredCodes = (held ?? [])
    .map((account) => account.balance.currency.code)
    .filter((code) => isRetired(code));
  const loading =
    owner === "platform"
      ? platform.isPending
      : customerKey !== null && (customer.isPending || (customer.isSuccess && customerAccounts.isPending));
  const loadError = owner === "platform" ? platform.error : (customer.error ?? customerAccounts.error);

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-3"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      {/* The step's heading says it on screen; the legend names the group for assistive technology. */}
      <legend className="sr-only">{legend}</legend>
      {description ? <p className="-mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}

      <SegmentedChoice
        name={`${id}-owner`}
        label={`${legend}: whose account`}
        options={OWNER_OPTIONS}
        value={owner}
        onChange={chooseOwner}
      />

      {owner === "customer" ? (
        <div className="flex flex-col gap-1.5">
          <CustomerPicker
            id={`${id}-customer`}
            label="Customer"
            value={chosen}
            onChange={(choice) => {
              if (value) onChange(null);
              setCustomerKey(choice?.id ?? null);
              setPicked(choice);
            }}
          />
          {customer.data && !kycLetsMoneyMove(customer.data.kycStatus) ? (
            <p className="text-xs text-amber-800 dark:text-amber-300">
              This customer's KYC is not approved; the payment API refuses payments from or to them.
            </p>
          ) : null}
        </div>
      ) : null}

      {loading ? (
        <div role="status" aria-label="Loading accounts" className="grid gap-2 sm:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-16" />
          ))}
        </div>
      ) : loadError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {owner === "customer" && errorStatus(loadError) === 404
            ? "No customer has this id. Check it and try again."
            : errorDetails(loadError).message}
        </p>
      ) : accounts && accounts.length === 0 && retiredCodes.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {owner === "platform"
            ? "The platform has no internal accounts yet."
            : "This customer has no internal accounts."}
        </p>
      ) : accounts ? (
        <div
          role="radiogroup"
          aria-label={`${legend}: account`}
          className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3"
        >
          {accounts.map((account) => {
            const excluded = account.id === excludeAccountId;
            const checked = value?.account.id === account.id;
            return (
              <label
                key={account.id}
                className={cn(
                  "relative flex cursor-pointer flex-col gap-1 rounded-lg border border-zinc-200 bg-white p-3 text-sm shadow-sm transition-colors dark:border-zinc-800 dark:bg-zinc-900",
                  "hover:border-zinc-300 dark:hover:border-zinc-700",
                  "has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600",
                  "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
                  "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50",
                )}
              >
                <input
                  type="radio"
                  name={`${id}-account`}
                  value={account.id}
                  checked={checked}
                  disabled={excluded}
                  onChange={() =>
                    onChange({
                      account,
                      ...(owner === "customer" && customer.data ? { customer: customer.data } : {}),
                    })
                  }
                  className={cn("absolute top-3 right-3 size-4 accent-brand-600", focusRing)}
                />
                <span className="font-semibold">{account.balance.currency.code}</span>
                <span className="text-zinc-600 dark:text-zinc-400">
                  Balance{" "}
                  <Money
                    amount={account.balance.amount}
                    currency={account.balance.currency}
                    className="font-medium text-zinc-900 dark:text-zinc-100"
                  />
                </span>
                <span className="font-mono text-[11px] break-all text-zinc-500 dark:text-zinc-400">
                  {excluded ? "Already chosen as the other side" : account.id}
                </span>
              </label>
            );
          })}
        </div>
      ) : null}

      {retiredCodes.length > 0 ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Not offered: the {retiredCodes.join(", ")} account{retiredCodes.length === 1 ? "" : "s"}.{" "}
          {retiredCodes.length === 1
            ? retiredReason(retiredCodes[0] ?? "")
            : "These currencies are no longer in the platform's supported currencies."}
        </p>
      ) : null}

      {error ? (
        <p id={errorId} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
