"use client";

import type { UseFormReturn } from "react-hook-form";
import { Controller } from "react-hook-form";
import { SegmentedChoice } from "@/components/ui/segmented-choice";
import { AccountPicker, type PickedAccount } from "../account-picker";
import { ExternalAccountLookupPanel } from "../external-account-lookup-panel";
import { ReceiverLookupPanel } from "../receiver-lookup-panel";
import { type AnyLookup, type SendMoneyValues, umaLookupOf } from "../send-money-model";
import { Step } from "./step";

const DESTINATION_KINDS = [
  { value: "account", label: "Internal account" },
  { value: "uma", label: "UMA address" },
  { value: "external", label: "Bank account" },
] as const;

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
          <SegmentedChoice
            name={field.name}
            label="Pay to"
            options={DESTINATION_KINDS}
            value={field.value}
            onChange={(kind) => {
              field.onChange(kind);
              form.setValue("receivingCurrency", "");
              // The account chosen belongs to one kind (internal or bank); another kind starts with none.
              onDestinationChange(null);
              onLookup(undefined);
              form.clearErrors(["destinationAccountId", "umaAddress", "receivingCurrency"]);
            }}
          />
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
          sendingCurrency={source?.account.balance.currency.code}
          lookup={umaLookupOf(lookup)}
          onLookup={onLookup}
        />
      ) : (
        <ExternalAccountLookupPanel
          form={form}
          senderCustomerId={source?.customer?.id}
          sendingCurrency={source?.account.balance.currency.code}
          lookup={lookup}
          onLookup={onLookup}
        />
      )}
    </Step>
  );
}
