"use client";

import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useForm } from "react-hook-form";
import { InertUntilHydrated } from "@/components/forms/inert-until-hydrated";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { configQuery } from "@/lib/client/api/config";
import { customerDetailQuery } from "@/lib/client/api/customers";
import { createQuote } from "@/lib/client/api/quotes";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { prefillReceiverInfo } from "@/lib/universal/approvals/receiver-info";
import { outsidePlatformBounds } from "@/lib/universal/money/platform-bounds";
import { ApiError } from "@/shared/api-error";
import type { CreateQuoteBody, Quote } from "@/shared/contract";
import { AccountPicker, type PickedAccount } from "./account-picker";
import { AmountStep } from "./send-money-form/amount-step";
import { DestinationStep } from "./send-money-form/destination-step";
import { FundingChoice } from "./send-money-form/funding-choice";
import { SenderInfoStep } from "./send-money-form/sender-info-step";
import { Step } from "./send-money-form/step";
import { SubmitPanel } from "./send-money-form/submit-panel";
import {
  type AnyLookup,
  amountCurrency,
  emptySendMoneyValues,
  payerFields,
  quoteErrorPlacement,
  receiverBounds,
  type SendMoneyContext,
  type SendMoneyValues,
} from "./send-money-model";
import type { SendMoneyOutput } from "./send-money-schema";

type Props = {
  /** False for a role that may not move money: everything is shown, nothing can be sent. */
  allowed: boolean;
  onQuoted: (quote: Quote, body: CreateQuoteBody) => void;
};

/**
 * The payment to quote: from which account, to an account or a UMA address (looked up first), how much and on
 * which side the amount is fixed, what the receiver asks about the sender, and whether to execute at once.
 */
export function SendMoneyForm({ allowed, onQuoted }: Props) {
  const [source, setSource] = React.useState<PickedAccount | null>(null);
  const [destination, setDestination] = React.useState<PickedAccount | null>(null);
  const [lookup, setLookup] = React.useState<AnyLookup | undefined>(undefined);
  const [confirmBody, setConfirmBody] = React.useState<CreateQuoteBody | null>(null);

  // The rules depend on what the form holds (the locked side, the lookup), so the resolver builds the schema from
  // the latest render's values rather than one fixed when the form was made. The schema module (and zod) is
  // downloaded on first validation, or earlier when the browser is idle or the form gets focus.
  const rulesRef = React.useRef<{
    values: Pick<SendMoneyValues, "lockedSide" | "receivingCurrency">;
    context: SendMoneyContext;
  } | null>(null);
  const resolver = useLazyZodResolver<SendMoneyValues, SendMoneyValues>(
    () =>
      import("./send-money-schema").then((module) => {
        const rules = rulesRef.current;
        if (!rules) throw new Error("The send-money form has not rendered yet");
        return module.sendMoneySchema(rules.values, rules.context) as never;
      }),
    [],
    { perValidation: true },
  );
  const form = useForm<SendMoneyValues>({ defaultValues: emptySendMoneyValues, resolver });
  const destinationKind = form.watch("destinationKind");
  const lockedSide = form.watch("lockedSide");
  const receivingCode = form.watch("receivingCurrency");

  const fundJustInTime = form.watch("fundJustInTime");
  const receivingCurrency =
    destinationKind === "account"
      ? destination?.account.balance.currency
      : lookup?.supportedCurrencies.find((offer) => offer.currency.code === receivingCode)?.currency;
  const context: SendMoneyContext = {
    sendingCurrency: source?.account.balance.currency,
    senderCustomerId: source?.customer?.id,
    receivingCurrency,
    lookup: destinationKind === "account" ? undefined : lookup,
  };
  rulesRef.current = { values: { lockedSide, receivingCurrency: receivingCode }, context };

  const fields = payerFields(context.lookup);
  const senderCustomer = useQuery({
    ...customerDetailQuery(source?.customer?.id ?? ""),
    enabled: source?.customer !== undefined && fields.length > 0,
  });
  const fieldKey = fields.map((field) => field.name).join(",");
  // A new set of requested fields (a new lookup, another sender) starts from what the sender's record holds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fieldKey names the fields; `fields` is rebuilt each render.
  React.useEffect(() => {
    form.setValue("payer", prefillReceiverInfo(fields, senderCustomer.data ?? source?.customer));
  }, [fieldKey, senderCustomer.data, source?.customer, form]);

  const currency = amountCurrency({ lockedSide }, context);
  const config = useQuery(configQuery());
  const bounds = receiverBounds({ lockedSide, receivingCurrency: receivingCode }, context.lookup);

  const send = async (body: CreateQuoteBody) => {
    try {
      const quote = await createQuote(body);
      // No toast: the quote takes the form's place and the keyboard's focus (QuoteReview), and a toast stood
      // over its Execute button.
      onQuoted(quote, body);
    } catch (error) {
      if (error instanceof ApiError) {
        // A lookup the API no longer honours (its receiver deleted, or it expired) is dropped: the form asks for a new one.
        if (error.code === "UMA_NOT_FOUND" || error.code === "LOOKUP_REQUEST_NOT_FOUND") setLookup(undefined);
        const senderId = (senderCustomer.data ?? source?.customer)?.id;
        for (const { path, message } of quoteErrorPlacement(error, destinationKind, senderId)) {
          form.setError(path as keyof SendMoneyValues, { message });
        }
      } else {
        form.setError("root", { message: "The quote could not be requested. Try again." });
      }
    }
  };

  const submit = form.handleSubmit(async (raw) => {
    const values = raw as unknown as SendMoneyOutput;
    const { buildQuoteBody } = await import("./send-money-schema");
    const built = buildQuoteBody(values, context);
    if (!built.ok) {
      for (const { path, message } of built.issues) form.setError(path as keyof SendMoneyValues, { message });
      return;
    }
    // An amount sent outside the platform's bounds for its currency is said under the field, in the currency's
    // own writing, before asking: the API would refuse it (AMOUNT_OUT_OF_RANGE).
    const bounds =
      built.body.lockedCurrencySide === "SENDING" && currency
        ? outsidePlatformBounds(config.data?.supportedCurrencies, currency, built.body.lockedCurrencyAmount)
        : null;
    if (bounds) {
      form.setError("amount", { message: `Your platform sends ${bounds}` }, { shouldFocus: true });
      return;
    }
    if (built.body.immediatelyExecute) {
      setConfirmBody(built.body);
      return;
    }
    await send(built.body);
  });

  const chooseSource = (picked: PickedAccount | null) => {
    setSource(picked);
    form.setValue("sourceAccountId", picked?.account.id ?? "");
    form.clearErrors("sourceAccountId");
    // A lookup names its sender; another sender needs another lookup.
    if (lookup && picked?.customer?.id !== source?.customer?.id) setLookup(undefined);
  };
  const chooseDestination = (picked: PickedAccount | null) => {
    setDestination(picked);
    form.setValue("destinationAccountId", picked?.account.id ?? "");
    form.clearErrors("destinationAccountId");
  };

  return (
    <form onSubmit={submit} onFocus={resolver.preload} noValidate aria-label="Payment details">
      {/* A disabled fieldset disables every control inside it, so a role that may not send sees the form inert; and
          everyone, until the form's code has taken it over (it is sent with the platform's accounts in it). */}
      <InertUntilHydrated disabled={!allowed} className="flex min-w-0 flex-col gap-6">
        <Step
          number={1}
          title="From"
          description="The internal account the money leaves, or whose owner and currency fund it just in time."
        >
          <AccountPicker
            id="source"
            legend="Send from"
            value={source}
            onChange={chooseSource}
            excludeAccountId={destinationKind === "account" ? destination?.account.id : undefined}
            error={form.formState.errors.sourceAccountId?.message}
          />
          <FundingChoice form={form} source={source} />
        </Step>

        <DestinationStep
          form={form}
          source={source}
          destination={destination}
          onDestinationChange={chooseDestination}
          lookup={lookup}
          onLookup={setLookup}
        />

        {/* Funded just in time, the account's balance does not limit the amount. */}
        <AmountStep form={form} source={fundJustInTime ? null : source} currency={currency} bounds={bounds} />

        <SenderInfoStep form={form} fields={fields} />

        <SubmitPanel form={form} />
      </InertUntilHydrated>

      <ConfirmDialog
        open={confirmBody !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmBody(null);
        }}
        title="Send without reviewing the rate?"
        description="The payment is quoted and executed in one step at the current rate: the money leaves the source account before you see the rate and the fees."
        confirmLabel="Send now"
        pendingLabel="Sending…"
        onConfirm={async () => {
          if (confirmBody) await send(confirmBody);
        }}
      />
    </form>
  );
}
