"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { ControlledField } from "@/components/forms/controlled-field";
import { CustomerPicker } from "@/components/names/customer-picker";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Link } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { configQuery } from "@/lib/client/api/config";
import { runSandboxExchange, type SandboxExchange } from "@/lib/client/api/sandbox";
import { transactionQuery } from "@/lib/client/api/transactions";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { queryKeys } from "@/lib/universal/api/keys";
import { approvalCardHref } from "@/lib/universal/approvals/card-anchor";
import { parseMajorUnits } from "@/lib/universal/config/amounts";
import { outsidePlatformBounds } from "@/lib/universal/money/platform-bounds";
import type { CustomerChoice } from "@/lib/universal/names/customer-matches";
import { failureSentence } from "@/lib/universal/transactions/failure-reasons";
import { cn, focusRing } from "@/lib/universal/utils";
import type { Transaction } from "@/shared/contract";
import { currencyDecimals } from "@/shared/contract/iso-4217";
import {
  LISTED_SANDBOX_PEOPLE,
  type SandboxSenderOutcome,
  sandboxSenders,
} from "@/shared/contract/sandbox-senders";
import { ExchangeView, StatusBadge } from "./action-results";
import { AmountField } from "./amount-field";
import { exchangeErrorMessage } from "./exchange-status";

const OUTCOMES: Record<SandboxSenderOutcome, string> = {
  SUCCEEDS: "succeeds",
  STAYS_PENDING: "stays pending a long time",
  FAILS_COMPLIANCE: "fails a compliance check",
};

type ReceiveValues = {
  sender: string;
  receiverBy: "customer" | "uma";
  customerId: string;
  receiverUmaAddress: string;
  currency: string;
  amount: string;
};

const linkClass = cn(
  "inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400",
  focusRing,
);

/** What became of the simulated payment, in words: the platform decides it after the answer (a policy, a person). */
function outcomeText(transaction: Transaction): string | null {
  switch (transaction.status) {
    case "PENDING":
      return "It waits for your platform's decision.";
    case "COMPLETED":
      return "Your platform approved it and the customer's account was credited.";
    case "REJECTED":
      return `Your platform rejected it${transaction.rejectionReason ? `: ${transaction.rejectionReason}` : "."}`;
    case "FAILED":
      return transaction.failureReason
        ? `It failed: ${failureSentence(transaction.failureReason, transaction.type)}`
        : "It failed.";
    default:
      return null;
  }
}

/**
 * The simulated payment as it is now: the service answers PENDING, and the platform's policies or a person decide it
 * a moment later, so the card follows the payment (transactionQuery: live events, else a re-read every few seconds
 * until it is final) rather than keep the first answer.
 */
function ReceivedPayment({ transaction: answered }: { transaction: Transaction }) {
  const followed = useQuery({ ...transactionQuery(answered.id), initialData: answered });
  const transaction = followed.data ?? answered;
  const outcome = outcomeText(transaction);
  return (
    <section
      aria-label="Simulated payment"
      className="flex flex-col gap-2 rounded-md border border-zinc-200 p-4 text-sm dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={transaction.status} />
        {transaction.receivedAmount ? (
          <Money
            amount={transaction.receivedAmount.amount}
            currency={transaction.receivedAmount.currency}
            className="font-semibold"
          />
        ) : null}
        <span className="flex items-center gap-1">
          <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{transaction.id}</span>
          <CopyButton value={transaction.id} label="transaction ID" />
        </span>
      </div>
      {outcome ? <p>{outcome}</p> : null}
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        {transaction.status === "PENDING" ? (
          <Link href={approvalCardHref(transaction.id)} className={linkClass}>
            Open it in the approval queue
            <ArrowRight aria-hidden="true" className="size-3.5" />
          </Link>
        ) : null}
        <Link href={`/transactions/${encodeURIComponent(transaction.id)}`} className={linkClass}>
          Open the payment
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      </p>
    </section>
  );
}

/**
 * Simulates a payment arriving over UMA from one of the sandbox's sender addresses. The payment API then sends the
 * PENDING webhook: the platform's policies decide it, or it waits in the approval queue for people.
 */
export function ReceivePaymentCard({ onExchange }: { onExchange: (exchange: SandboxExchange) => void }) {
  const queryClient = useQueryClient();
  const config = useQuery(configQuery());
  const [picked, setPicked] = useState<CustomerChoice | null>(null);
  const [last, setLast] = useState<SandboxExchange | null>(null);
  const [received, setReceived] = useState<Transaction | null>(null);
  const resolver = useLazyZodResolver<ReceiveValues, ReceiveValues>(
    () => import("./sandbox-schemas").then((module) => module.receiveFormSchema),
    [],
  );
  const form = useForm<ReceiveValues>({
    resolver,
    defaultValues: {
      sender: sandboxSenders[0].address,
      receiverBy: "customer",
      customerId: "",
      receiverUmaAddress: "",
      currency: sandboxSenders[0].currencyCode,
      amount: "",
    },
  });
  const [sender, receiverBy, currency, amount] = useWatch({
    control: form.control,
    name: ["sender", "receiverBy", "currency", "amount"],
  });
  const supported = config.data?.supportedCurrencies.map((entry) => entry.currencyCode) ?? [];
  const decimals = currencyDecimals(currency);
  const range = config.data?.supportedCurrencies.find((entry) => entry.currencyCode === currency);

  // Each sandbox sender pays in its own currency; follow it when the platform supports that currency.
  useEffect(() => {
    const match = sandboxSenders.find((candidate) => candidate.address === sender);
    if (match) form.setValue("currency", match.currencyCode);
  }, [sender, form]);

  const submit = form.handleSubmit(async (values) => {
    const digits = currencyDecimals(values.currency);
    if (digits === undefined) return;
    const parsed = parseMajorUnits(values.amount, digits, { min: 1 });
    if (!parsed.ok) return;
    // The platform's bounds for the currency, said under the field as the card says them: the API would refuse it.
    const bounds = outsidePlatformBounds(
      config.data?.supportedCurrencies,
      { code: values.currency, decimals: digits },
      parsed.minor,
    );
    if (bounds) {
      form.setError("amount", { message: `Your platform accepts ${bounds}` }, { shouldFocus: true });
      return;
    }
    const { receiveSandboxUmaPaymentBodySchema, transactionSchema } = await import("./sandbox-schemas");
    const body = receiveSandboxUmaPaymentBodySchema.parse({
      senderUmaAddress: values.sender,
      receivingCurrencyCode: values.currency,
      receivingCurrencyAmount: parsed.minor,
      ...(values.receiverBy === "customer"
        ? { customerId: values.customerId }
        : { receiverUmaAddress: values.receiverUmaAddress }),
    });
    const exchange = await runSandboxExchange(
      "Simulate an incoming UMA payment",
      "POST",
      "/sandbox/uma/receive",
      body,
    );
    setLast(exchange);
    onExchange(exchange);
    const transaction = transactionSchema.safeParse(exchange.response.body);
    if (exchange.ok && transaction.success) {
      setReceived(transaction.data);
      if (transaction.data.status === "FAILED") {
        // The sender's side stopped it before your platform was asked: the card below says why.
        toast.info("The simulated payment failed at once", {
          description: "The sender's side stopped it; your platform was not asked to decide it.",
        });
      } else {
        toast.success("Incoming payment simulated", {
          // The answer is PENDING; the platform's policies or a person decide it next, as the card below follows.
          description: "Your platform is asked to decide it, as for a real one.",
        });
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.approvals });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
    } else {
      setReceived(null);
      toast.error("The payment was not simulated", { description: exchangeErrorMessage(exchange) });
    }
  });

  return (
    <Card aria-labelledby="sandbox-receive-heading">
      <CardHeader>
        <div>
          <CardTitle id="sandbox-receive-heading">Simulate an incoming UMA payment</CardTitle>
          <CardDescription>
            A sandbox sender pays one of your customers; your platform then decides it, by its policies or a
            person, as a real one.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <form
          noValidate
          onFocus={resolver.preload}
          aria-label="Simulate an incoming UMA payment"
          onSubmit={(event) => void submit(event)}
          className="grid grid-cols-1 gap-4 md:grid-cols-2"
        >
          <ControlledField
            control={form.control}
            name="sender"
            label="Sender"
            required
            className="md:col-span-2"
          >
            {({ select }) => (
              <NativeSelect {...select}>
                {sandboxSenders.map((candidate) => (
                  <option key={candidate.address} value={candidate.address}>
                    {candidate.address} — {OUTCOMES[candidate.outcome]} ({candidate.currencyCode})
                    {LISTED_SANDBOX_PEOPLE[candidate.address] ? ", a person on the UN sanctions list" : ""}
                  </option>
                ))}
              </NativeSelect>
            )}
          </ControlledField>
          <fieldset className="flex flex-col gap-1.5 md:col-span-2">
            <legend className="mb-1.5 text-sm font-medium">Receiver</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(
                [
                  ["customer", "A customer"],
                  ["uma", "A UMA address"],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    value={value}
                    className={cn("size-4 accent-brand-600", focusRing)}
                    {...form.register("receiverBy")}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {receiverBy === "customer" ? (
            <CustomerPicker
              id="sandbox-receive-customer"
              label="Receiving customer"
              required
              value={picked}
              onChange={(choice) => {
                setPicked(choice);
                form.setValue("customerId", choice?.id ?? "", { shouldValidate: form.formState.isSubmitted });
              }}
              error={form.formState.errors.customerId?.message}
              className="md:col-span-2"
            />
          ) : (
            <FormField
              label="Receiver's UMA address"
              required
              error={form.formState.errors.receiverUmaAddress}
              description={`A customer's address on your domain${config.data ? `, like $name@${config.data.umaDomain}` : ""}.`}
              className="md:col-span-2"
            >
              <Input autoComplete="off" spellCheck={false} {...form.register("receiverUmaAddress")} />
            </FormField>
          )}
          <ControlledField control={form.control} name="currency" label="Currency" required>
            {({ select }) => (
              <NativeSelect {...select}>
                <option value="" disabled>
                  Choose a currency
                </option>
                {(supported.includes(select.value) || select.value === ""
                  ? supported
                  : [select.value, ...supported]
                ).map((code) => (
                  <option key={code} value={code}>
                    {code}
                    {supported.includes(code) ? "" : " (not supported by your platform)"}
                  </option>
                ))}
              </NativeSelect>
            )}
          </ControlledField>
          <AmountField
            label="Amount"
            currencyCode={currency || undefined}
            decimals={decimals}
            value={amount}
            error={form.formState.errors.amount}
            input={form.register("amount")}
            placeholder="25.00"
            description={
              range && decimals !== undefined ? (
                <>
                  Your platform accepts{" "}
                  <Money amount={range.minAmount} currency={{ code: currency, decimals }} /> to{" "}
                  <Money amount={range.maxAmount} currency={{ code: currency, decimals }} />.
                </>
              ) : undefined
            }
          />
          <div className="md:col-span-2">
            <Button type="submit" loading={form.formState.isSubmitting} loadingText="Simulating…">
              Simulate payment
            </Button>
          </div>
        </form>
        <div aria-live="polite">{received ? <ReceivedPayment transaction={received} /> : null}</div>
        {last ? <ExchangeView exchange={last} /> : null}
      </CardContent>
    </Card>
  );
}
