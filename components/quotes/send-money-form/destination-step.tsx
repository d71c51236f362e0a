"use client";

import type { UseFormReturn } from "react-hook-form";
import { Controller } from "react-hook-form";
import { cn } from "@/lib/utils";
import { AccountPicker, COVERING_RADIO, type PickedAccount } from "../account-picker";
import { ExternalAccountLookupPanel } from "../external-account-lookup-panel";
import { ReceiverLookupPanel } from "../receiver-lookup-panel";
import { type AnyLookup, type SendMoneyValues, umaLookupOf } from "../send-money-model";
import { Step } from "./step";

/** Step 2: to another internal account, or to a UMA address or a bank account looked up first. */
export function DestinationStep({
  form,
  source,
  destination,
  onDestinationChange,
  lookup,
  onLookup,
}: {
  form: UseFormReturn<SendMoneyValues>;
  source: PickedAccount | null;
  destination: PickedAccount | null;
  onDestinationChange: (picked: PickedAccount | null) => void;
  lookup: AnyLookup | undefined;
  onLookup: (lookup: AnyLookup | undefined) => void;
}) {
  const destinationKind = form.watch("destinationKind");
  return (
    <Step
      number={2}
      title="To"
      description="Another internal account, anyone reachable by a UMA address, or a bank account of yours or a customer's."
    >
      <Controller
        control={form.control}
        name="destinationKind"
        render={({ field }) => (
          <div
            role="radiogroup"
            aria-label="Pay to"
            className="inline-flex w-fit max-w-full flex-wrap gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800"
          >
            {(
              [
                ["account", "Internal account"],
                ["uma", "UMA address"],
                ["external", "Bank account"],
              ] as const
            ).map(([kind, label]) => (
              <label
                key={kind}
                className={cn(
                  "relative inline-flex items-center rounded-md px-3 py-1.5 text-sm font-medium text-zinc-600 transition-colors dark:text-zinc-400",
                  "has-[:checked]:bg-white has-[:checked]:text-zinc-900 has-[:checked]:shadow-sm dark:has-[:checked]:bg-zinc-950 dark:has-[:checked]:text-zinc-100",
                  "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
                  "has-[:disabled]:opacity-60",
                )}
              >
                <input
                  type="radio"
                  name={field.name}
                  value={kind}
                  checked={field.value === kind}
                  onChange={() => {
                    field.onChange(kind);
                    form.setValue("receivingCurrency", "");
                    // The account chosen belongs to one kind (internal or bank); another kind starts with none.
                    onDestinationChange(null);
                    onLookup(undefined);
                    form.clearErrors(["destinationAccountId", "umaAddress", "receivingCurrency"]);
                  }}
                  className={COVERING_RADIO}
                />
                {label}
              </label>
            ))}
          </div>
        )}
      />
      {destinationKind === "account" ? (
        <AccountPicker
          id="destination"
          legend="Pay into"
          value={destination}
          onChange={onDestinationChange}
          excludeAccountId={source?.account.id}
          error={form.formState.errors.destinationAccountId?.message}
        />
      ) : destinationKind === "uma" ? (
        <ReceiverLookupPanel
          form={form}
          senderCustomerId={source?.customer?.id}
          lookup={umaLookupOf(lookup)}
          onLookup={onLookup}
        />
      ) : (
        <ExternalAccountLookupPanel
          form={form}
          senderCustomerId={source?.customer?.id}
          lookup={lookup}
          onLookup={onLookup}
        />
      )}
    </Step>
  );
}
