"use client";

import { useQuery } from "@tanstack/react-query";
import { Landmark, Zap } from "lucide-react";
import * as React from "react";
import { Controller, useForm } from "react-hook-form";
import { AmountInput, parseMajorUnits } from "@/components/forms/amount-input";
import { ControlledField } from "@/components/forms/controlled-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Money } from "@/components/ui/money";
import { toast } from "@/components/ui/toast";
import { prefillReceiverInfo, RECEIVER_FIELD_PRESENTATION } from "@/lib/approvals/receiver-info";
import { useLazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { customerDetailQuery } from "@/lib/payments/customers";
import { createQuote } from "@/lib/payments/quotes";
import { cn } from "@/lib/utils";
import { ApiError } from "@/shared/api-error";
import type { CreateQuoteBody, Quote, ReceiverLookup } from "@/shared/contract";
import { AccountPicker, COVERING_RADIO, type PickedAccount } from "./account-picker";
import { ReceiverLookupPanel } from "./receiver-lookup-panel";
import {
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

function Step({
  number,
  title,
  description,
  children,
}: {
  number: number;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  const headingId = `send-step-${number}`;
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <div className="flex gap-3">
          <span
            aria-hidden="true"
            className="flex size-6 shrink-0 items-center justify-center rounded-full bg-zinc-900 text-xs font-semibold text-white dark:bg-zinc-100 dark:text-zinc-900"
          >
            {number}
          </span>
          <div>
            <CardTitle id={headingId}>{title}</CardTitle>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">{children}</CardContent>
    </Card>
  );
}

/**
 * The payment to quote: from which account, to an account or a UMA address (looked up first), how much and on
 * which side the amount is fixed, what the receiver asks about the sender, and whether to execute at once.
 */
export function SendMoneyForm({ allowed, onQuoted }: Props) {
  const [source, setSource] = React.useState<PickedAccount | null>(null);
  const [destination, setDestination] = React.useState<PickedAccount | null>(null);
  const [lookup, setLookup] = React.useState<ReceiverLookup | undefined>(undefined);
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

  const receivingCurrency =
    destinationKind === "uma"
      ? lookup?.supportedCurrencies.find((offer) => offer.currency.code === receivingCode)?.currency
      : destination?.account.balance.currency;
  const context: SendMoneyContext = {
    sendingCurrency: source?.account.balance.currency,
    receivingCurrency,
    lookup: destinationKind === "uma" ? lookup : undefined,
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
  const bounds = receiverBounds({ lockedSide, receivingCurrency: receivingCode }, context.lookup);
  const amountText = form.watch("amount");
  const typed = currency ? parseMajorUnits(amountText, currency) : null;
  const overBalance =
    lockedSide === "SENDING" && source && typed?.ok && typed.minor > BigInt(source.account.balance.amount);

  const send = async (body: CreateQuoteBody) => {
    try {
      const quote = await createQuote(body);
      toast.success(body.immediatelyExecute ? "Payment sent" : "Quote ready", {
        description: body.immediatelyExecute
          ? "It is on its way; follow it below."
          : "Review it and execute before it expires.",
      });
      onQuoted(quote, body);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { path, message } of quoteErrorPlacement(error, destinationKind)) {
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

  const rootError = form.formState.errors.root?.message;

  return (
    <form onSubmit={submit} onFocus={resolver.preload} noValidate aria-label="Payment details">
      {/* A disabled fieldset disables every control inside it, so a role that may not send sees the form inert. */}
      <fieldset disabled={!allowed} className="flex min-w-0 flex-col gap-6">
        <Step number={1} title="From" description="The internal account the money leaves.">
          <AccountPicker
            id="source"
            legend="Send from"
            value={source}
            onChange={chooseSource}
            excludeAccountId={destinationKind === "account" ? destination?.account.id : undefined}
            error={form.formState.errors.sourceAccountId?.message}
          />
        </Step>

        <Step
          number={2}
          title="To"
          description="Another internal account, or anyone reachable by a UMA address."
        >
          <Controller
            control={form.control}
            name="destinationKind"
            render={({ field }) => (
              <div
                role="radiogroup"
                aria-label="Pay to"
                className="inline-flex w-fit gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800"
              >
                {(
                  [
                    ["account", "Internal account"],
                    ["uma", "UMA address"],
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
              onChange={chooseDestination}
              excludeAccountId={source?.account.id}
              error={form.formState.errors.destinationAccountId?.message}
            />
          ) : (
            <ReceiverLookupPanel
              form={form}
              senderCustomerId={source?.customer?.id}
              lookup={lookup}
              onLookup={setLookup}
            />
          )}
        </Step>

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
            <p className="-mt-3 flex items-center gap-1.5 text-sm text-amber-800 dark:text-amber-300">
              <Landmark aria-hidden="true" className="size-4 shrink-0" />
              More than the account's balance of{" "}
              <Money amount={source.account.balance.amount} currency={source.account.balance.currency} />: the
              quote can be made, but executing it fails unless the account is funded first.
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

        {fields.length > 0 ? (
          <Step
            number={4}
            title="Sender information"
            description="The receiver's institution asks this about the sender. It is filled in from the customer's record where it holds it; check it before quoting."
          >
            <div className="grid gap-4 sm:grid-cols-2">
              {fields.map((field) => {
                const presentation = RECEIVER_FIELD_PRESENTATION[field.name];
                return (
                  <FormField
                    key={field.name}
                    label={presentation.label}
                    description={presentation.description}
                    required={field.mandatory}
                    error={form.formState.errors.payer?.[field.name]}
                  >
                    <Input
                      type={presentation.type}
                      autoComplete={presentation.autoComplete}
                      {...form.register(`payer.${field.name}`)}
                    />
                  </FormField>
                );
              })}
            </div>
          </Step>
        ) : null}

        <div className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <ControlledField
            control={form.control}
            name="immediatelyExecute"
            orientation="horizontal"
            label="Execute immediately"
            description="Pay at the current rate as soon as the quote is made, without reviewing the rate and fees first."
          >
            {({ aria, field }) => (
              <Checkbox
                {...aria}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
              />
            )}
          </ControlledField>
          {rootError ? (
            <p
              role="alert"
              className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
            >
              {rootError}
            </p>
          ) : null}
          <div className="flex justify-end">
            <Button
              type="submit"
              size="lg"
              loading={form.formState.isSubmitting}
              loadingText={form.getValues("immediatelyExecute") ? "Sending…" : "Getting a quote…"}
            >
              {form.watch("immediatelyExecute") ? (
                <>
                  <Zap aria-hidden="true" />
                  Send now
                </>
              ) : (
                "Get quote"
              )}
            </Button>
          </div>
        </div>
      </fieldset>

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
