"use client";

import type { UseFormReturn } from "react-hook-form";
import { ControlledField } from "@/components/forms/controlled-field";
import { Checkbox } from "@/components/ui/checkbox";
import type { PickedAccount } from "../account-picker";
import type { SendMoneyValues } from "../send-money-model";

/**
 * Real-time funding (api-notes §8): instead of the account's balance, the sender (the account's owner) pays the
 * quote's instructions in the account's currency, and the payment goes out when that money arrives.
 */
export function FundingChoice({
  form,
  source,
}: {
  form: UseFormReturn<SendMoneyValues>;
  source: PickedAccount | null;
}) {
  const owner = source ? (source.customer ? "the customer" : "the platform") : "the account's owner";
  const currency = source?.account.balance.currency.code ?? "its currency";
  return (
    <ControlledField
      control={form.control}
      name="fundJustInTime"
      orientation="horizontal"
      label="Fund just in time"
      description={`Don't use the balance: ${owner} pays in ${currency} to the bank details the quote gives, and the payment goes out when the money arrives.`}
    >
      {({ aria, field }) => (
        <Checkbox
          {...aria}
          checked={field.value}
          onCheckedChange={(checked) => field.onChange(checked === true)}
        />
      )}
    </ControlledField>
  );
}
