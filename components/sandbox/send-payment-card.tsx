"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { ControlledField } from "@/components/forms/controlled-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { NativeSelect } from "@/components/ui/native-select";
import { QueryState } from "@/components/ui/query-state";
import { toast } from "@/components/ui/toast";
import {
  isWaitingForFunds,
  pendingQuotesQuery,
  runSandboxExchange,
  type SandboxExchange,
} from "@/lib/client/api/sandbox";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { queryKeys } from "@/lib/universal/api/keys";
import { parseMajorUnits } from "@/lib/universal/config/amounts";
import { formatMinorUnits, minorUnitsToDecimalString } from "@/lib/universal/money/format";
import type { Quote, Transaction } from "@/shared/contract";
import { ExchangeView, StatusBadge } from "./action-results";
import { AmountField } from "./amount-field";
import { exchangeErrorMessage } from "./exchange-status";

type SendValues = { quoteId: string; amount: string };

function quoteLabel(quote: Quote): string {
  const sends = formatMinorUnits(quote.totalSendingAmount, quote.sendingCurrency);
  const receives = formatMinorUnits(quote.totalReceivingAmount, quote.receivingCurrency);
  return `${sends} → ${receives} · ${quote.quoteId}${isWaitingForFunds(quote) ? " · executed, waiting for funds" : ""}`;
}

/**
 * Completes a pending quote as if its funds had arrived: the payment API executes it and the outgoing payment
 * follows. An amount other than the quote's makes it fail, which is how that failure is tested.
 */
export function SendPaymentCard({ onExchange }: { onExchange: (exchange: SandboxExchange) => void }) {
  const queryClient = useQueryClient();
  const quotes = useQuery(pendingQuotesQuery());
  const loaded = useRef<readonly Quote[] | undefined>(undefined);
  loaded.current = quotes.data?.data;
  const [last, setLast] = useState<SandboxExchange | null>(null);
  // The transaction of the last successful send, as the contract reads the response.
  const [sent, setSent] = useState<Transaction | null>(null);
  const resolver = useLazyZodResolver<SendValues, SendValues>(
    () => import("./sandbox-schemas").then((module) => module.sendFormSchema(() => loaded.current)),
    [],
  );
  const form = useForm<SendValues>({
    resolver,
    defaultValues: { quoteId: "", amount: "" },
  });
  const [quoteId, amount] = useWatch({ control: form.control, name: ["quoteId", "amount"] });
  const quote = quotes.data?.data.find((candidate) => candidate.quoteId === quoteId);

  const submit = form.handleSubmit(async (values) => {
    const chosen = loaded.current?.find((candidate) => candidate.quoteId === values.quoteId);
    if (!chosen) return;
    const parsed =
      values.amount.trim() === ""
        ? null
        : parseMajorUnits(values.amount, chosen.sendingCurrency.decimals, { min: 1 });
    if (parsed && !parsed.ok) return;
    const { sendSandboxPaymentBodySchema, transactionSchema } = await import("./sandbox-schemas");
    const body = sendSandboxPaymentBodySchema.parse({
      quoteId: chosen.quoteId,
      currencyCode: chosen.sendingCurrency.code,
      ...(parsed ? { currencyAmount: parsed.minor } : {}),
    });
    const exchange = await runSandboxExchange("Simulate a send for a quote", "POST", "/sandbox/send", body);
    setLast(exchange);
    onExchange(exchange);
    const transaction = transactionSchema.safeParse(exchange.response.body);
    setSent(exchange.ok && transaction.success ? transaction.data : null);
    if (exchange.ok) {
      toast.success("Send simulated", {
        description: transaction.success
          ? `Transaction ${transaction.data.id} is ${transaction.data.status}.`
          : undefined,
      });
      form.reset({ quoteId: "", amount: "" });
      void queryClient.invalidateQueries({ queryKey: queryKeys.quotes });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
    } else {
      toast.error("The send was not simulated", { description: exchangeErrorMessage(exchange) });
    }
  });

  const pending = quotes.data?.data ?? [];
  // The form shows while the quotes load (its list says so) and when they could not be loaded (its field says so).
  const quoteForm = (
    <form
      noValidate
      onFocus={resolver.preload}
      aria-label="Simulate a send for a quote"
      onSubmit={(event) => void submit(event)}
      className="grid grid-cols-1 gap-4 md:grid-cols-2"
    >
      <ControlledField
        control={form.control}
        name="quoteId"
        label="Quote"
        required
        description={quotes.isError ? "The quotes could not be loaded." : undefined}
        className="md:col-span-2"
      >
        {({ select }) => (
          <NativeSelect {...select}>
            <option value="" disabled>
              {quotes.isPending ? "Loading quotes…" : "Choose a quote"}
            </option>
            {pending.map((candidate) => (
              <option key={candidate.quoteId} value={candidate.quoteId}>
                {quoteLabel(candidate)}
              </option>
            ))}
          </NativeSelect>
        )}
      </ControlledField>
      <AmountField
        label="Amount received"
        required={false}
        currencyCode={quote?.sendingCurrency.code}
        decimals={quote?.sendingCurrency.decimals}
        value={amount}
        error={form.formState.errors.amount}
        input={form.register("amount")}
        placeholder={
          quote
            ? minorUnitsToDecimalString(quote.totalSendingAmount, quote.sendingCurrency.decimals)
            : undefined
        }
        description="Leave empty to fund exactly the quote's amount; any other amount fails with FUNDING_AMOUNT_MISMATCH."
      />
      <div className="flex items-end">
        <Button type="submit" loading={form.formState.isSubmitting} loadingText="Sending…">
          Simulate send
        </Button>
      </div>
    </form>
  );

  return (
    <Card aria-labelledby="sandbox-send-heading">
      <CardHeader>
        <div>
          <CardTitle id="sandbox-send-heading">Simulate a send for a quote</CardTitle>
          <CardDescription>
            Treats a quote's funds as received: a pending quote is executed; an executed one funded just in
            time (waiting for funds) proceeds. Returns the outgoing payment.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <QueryState
          query={quotes}
          loading={quoteForm}
          error={() => quoteForm}
          isEmpty={(data) => data.data.length === 0}
          empty={
            <p className="rounded-md border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
              No quote is pending.{" "}
              <Link
                href="/quotes/new"
                className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400"
              >
                Create one in Send money
              </Link>
              , then come back to complete it.
            </p>
          }
        >
          {() => quoteForm}
        </QueryState>
        {last?.ok && sent ? (
          <p className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
            <StatusBadge status={sent.status} />
            <span className="font-mono text-xs">{sent.id}</span>
          </p>
        ) : null}
        {last ? <ExchangeView exchange={last} /> : null}
      </CardContent>
    </Card>
  );
}
