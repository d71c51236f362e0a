"use client";

import { Landmark } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import { Controller } from "react-hook-form";
import { AmountInput, parseMajorUnits } from "@/components/forms/amount-input";
import { ControlledField } from "@/components/forms/controlled-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Money } from "@/components/ui/money";
import type { PickedAccount } from "../account-picker";
import type { amountCurrency, receiverBounds, SendMoneyValues } from "../send-money-model";
import { Step } from "./step";

/** Step 3: which side the amount fixes, the amount in that side's currency, and a memo. */
export function AmountStep({
  form,
  source,
  currency,
  bounds,
}: {
  form: UseFormReturn<SendMoneyValues>;
  source: PickedAccount | null;
  currency: ReturnType<typeof amountCurrency>;
  bounds: ReturnType<typeof receiverBounds>;
}) {
  const lockedSide = form.watch("lockedSide");
  const amountText = form.watch("amount");
  const typed = currency ? parseMajorUnits(amountText, currency) : null;
  const overBalance =
    lockedSide === "SENDING" && source && typed?.ok && typed.minor > BigInt(source.account.balance.amount);
  return (
    <Step
      number={3}
      title="Amount"
      description="Fix what leaves your account, or what arrives on the other side."
    >
      <Controller
        control={form.control}
        name="lockedSide"
        render={({ field }) => (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">The amount is</legend>
            {(
              [
                ["SENDING", "What we send", "Fees come out of it; they receive the rest, converted."],
                ["RECEIVING", "What they receive", "We send what it takes, fees added."],
              ] as const
            ).map(([side, label, hint]) => (
              <label key={side} className="flex cursor-pointer items-start gap-2.5 text-sm">
                <input
                  type="radio"
                  name={field.name}
                  value={side}
                  checked={field.value === side}
                  onChange={() => {
                    field.onChange(side);
                    form.clearErrors("amount");
                  }}
                  className="mt-0.5 size-4 accent-brand-600"
                />
                <span>
                  <span className="font-medium">{label}</span>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
      />
      <ControlledField
        control={form.control}
        name="amount"
        label={currency ? `Amount in ${currency.code}` : "Amount"}
        required
        description={
          !currency ? (
            lockedSide === "SENDING" ? (
              "Choose the account to send from first: the amount is in its currency."
            ) : (
              "Choose where the money goes first: the amount is in the currency they receive."
            )
          ) : bounds ? (
            <>
              The receiver accepts <Money amount={bounds.min} currency={currency} /> to{" "}
              <Money amount={bounds.max} currency={currency} />.
            </>
          ) : (
            `Typed in ${currency.code}, with up to ${currency.decimals} decimal place${currency.decimals === 1 ? "" : "s"}.`
          )
        }
      >
        {({ aria, control, field }) =>
          currency ? (
            <div className="max-w-xs">
              <AmountInput
                {...control}
                currency={currency}
                value={field.value}
                onValueChange={field.onChange}
              />
            </div>
          ) : (
            <Input {...aria} disabled value="" readOnly className="max-w-xs" />
          )
        }
      </ControlledField>
      {overBalance && source ? (
        <p className="-mt-3 flex items-start gap-1.5 text-sm text-amber-800 dark:text-amber-300">
          <Landmark aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {/* One run of text: as the flex row's items, its words and the amount were laid out as columns. */}
          <span>
            More than the account's balance of{" "}
            <Money amount={source.account.balance.amount} currency={source.account.balance.currency} />: the
            quote can be made, but executing it fails unless the account is funded first.
          </span>
        </p>
      ) : null}
      <FormField
        label="Memo"
        description="Optional. Shown to the people who look at this payment later."
        error={form.formState.errors.description}
      >
        <Input {...form.register("description")} maxLength={1000} autoComplete="off" />
      </FormField>
    </Step>
  );
}
