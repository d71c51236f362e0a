"use client";

import { useMutation } from "@tanstack/react-query";
import { AtSign, Search } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { errorDetails } from "@/components/ui/error-details";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Money } from "@/components/ui/money";
import { lookupReceiver } from "@/lib/client/api/receiver";
import { RECEIVER_FIELD_PRESENTATION } from "@/lib/universal/approvals/receiver-info";
import { formatRate } from "@/lib/universal/transactions/rate";
import { cn } from "@/lib/universal/utils";
import type { ReceiverLookup } from "@/shared/contract";
import { parseUmaAddress } from "@/shared/contract/uma-address-format";
import type { SendMoneyValues } from "./send-money-model";

type Props = {
  form: UseFormReturn<SendMoneyValues>;
  /** The sending customer; a lookup names its sender, so without one it cannot be made. */
  senderCustomerId: string | undefined;
  /** The source account's currency: the estimated rate is so many of it per unit of the receiving currency. */
  sendingCurrency?: string | undefined;
  lookup: ReceiverLookup | undefined;
  onLookup: (lookup: ReceiverLookup | undefined) => void;
};

/**
 * A UMA address, looked up before quoting: what the receiver accepts (currencies with an estimated rate and
 * bounds) and what it needs to know about the sender.
 */
export function ReceiverLookupPanel({ form, senderCustomerId, sendingCurrency, lookup, onLookup }: Props) {
  const mutation = useMutation({
    mutationFn: (address: string) => lookupReceiver(address, senderCustomerId ?? ""),
    onSuccess: (result) => {
      onLookup(result);
      const first = result.supportedCurrencies[0];
      // One currency needs no choosing; several wait for the person.
      form.setValue(
        "receivingCurrency",
        result.supportedCurrencies.length === 1 && first ? first.currency.code : "",
        {
          shouldValidate: false,
        },
      );
      form.clearErrors("umaAddress");
    },
    onError: (error) => {
      onLookup(undefined);
      form.setError("umaAddress", { message: errorDetails(error).message });
    },
  });
  const register = form.register("umaAddress", {
    onChange: () => {
      if (lookup) onLookup(undefined);
    },
  });
  const receivingCurrency = form.watch("receivingCurrency");

  const runLookup = () => {
    const parsed = parseUmaAddress(form.getValues("umaAddress").trim());
    if (!parsed.ok) {
      form.setError("umaAddress", { message: parsed.issue });
      return;
    }
    form.setValue("umaAddress", parsed.value.address);
    mutation.mutate(parsed.value.address);
  };

  return (
    <div className="flex flex-col gap-4">
      <FormField
        label="UMA address"
        description="Like $alice@example.com. It is looked up first, to learn what the receiver accepts."
        error={form.formState.errors.umaAddress}
        required
      >
        {(control) => (
          <div className="flex flex-wrap gap-2">
            <Input
              {...register}
              {...control}
              autoComplete="off"
              spellCheck={false}
              placeholder="$name@domain"
              className="max-w-md flex-1 font-mono"
              onKeyDown={(event) => {
                // Enter looks the address up; it must not submit the payment form around this field.
                if (event.key === "Enter") {
                  event.preventDefault();
                  runLookup();
                }
              }}
            />
            <Button
              type="button"
              variant="outline"
              onClick={runLookup}
              loading={mutation.isPending}
              loadingText="Looking up…"
              disabled={!senderCustomerId}
            >
              <Search aria-hidden="true" />
              Look up
            </Button>
          </div>
        )}
      </FormField>
      {!senderCustomerId ? (
        <p className="-mt-2 text-sm text-amber-800 dark:text-amber-300">
          A UMA payment is sent for one of your customers: choose a customer's account under “From” to look up
          the receiver.
        </p>
      ) : null}

      {lookup ? (
        <section
          aria-label="Receiver"
          className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-zinc-50 p-4 dark:border-zinc-800 dark:bg-zinc-950"
        >
          <p className="flex items-center gap-2 text-sm">
            <AtSign aria-hidden="true" className="size-4 text-zinc-500 dark:text-zinc-400" />
            <span className="font-mono">{lookup.receiverUmaAddress}</span>
            <span className="text-zinc-500 dark:text-zinc-400">found</span>
          </p>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">They can receive</legend>
            {lookup.supportedCurrencies.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                This receiver accepts no currency the payment API can quote.
              </p>
            ) : (
              <div className="grid gap-2 sm:grid-cols-2">
                {lookup.supportedCurrencies.map((offer) => (
                  <label
                    key={offer.currency.code}
                    className={cn(
                      "flex cursor-pointer items-start gap-3 rounded-md border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900",
                      "has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600",
                      "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
                    )}
                  >
                    <input
                      type="radio"
                      value={offer.currency.code}
                      checked={receivingCurrency === offer.currency.code}
                      onChange={() =>
                        form.setValue("receivingCurrency", offer.currency.code, { shouldValidate: true })
                      }
                      name="receivingCurrency"
                      className="mt-0.5 size-4 accent-brand-600"
                    />
                    <span className="flex flex-col gap-0.5">
                      <span className="font-medium">
                        {offer.currency.code}{" "}
                        <span className="font-normal text-zinc-500 dark:text-zinc-400">
                          {offer.currency.name}
                        </span>
                      </span>
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">
                        {`Estimated rate ${formatRate(offer.estimatedExchangeRate)}${sendingCurrency ? ` ${sendingCurrency}` : ""} per ${offer.currency.code}; the quote fixes the real rate`}
                      </span>
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">
                        From <Money amount={offer.min} currency={offer.currency} /> to{" "}
                        <Money amount={offer.max} currency={offer.currency} />
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            )}
            {form.formState.errors.receivingCurrency ? (
              <p className="text-xs font-medium text-red-700 dark:text-red-400">
                {form.formState.errors.receivingCurrency.message}
              </p>
            ) : null}
          </fieldset>
          <div className="text-sm">
            <p className="font-medium">They ask about the sender</p>
            {lookup.requiredPayerDataFields && lookup.requiredPayerDataFields.length > 0 ? (
              <ul className="mt-1 flex flex-wrap gap-2">
                {lookup.requiredPayerDataFields.map((field) => (
                  <li
                    key={field.name}
                    className="rounded-full border border-zinc-200 bg-white px-2.5 py-0.5 text-xs dark:border-zinc-700 dark:bg-zinc-900"
                  >
                    {RECEIVER_FIELD_PRESENTATION[field.name]?.label ?? field.name}{" "}
                    <span className="text-zinc-500 dark:text-zinc-400">
                      {field.mandatory ? "(required)" : "(optional)"}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-zinc-600 dark:text-zinc-400">Nothing.</p>
            )}
          </div>
        </section>
      ) : null}
    </div>
  );
}
