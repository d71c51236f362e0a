"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import type * as React from "react";
import { useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { ControlledField } from "@/components/forms/controlled-field";
import { NamesProvider, useNames } from "@/components/names/names-context";
import { PartyCell } from "@/components/names/party-cell";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Link } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { NativeSelect } from "@/components/ui/native-select";
import { QueryState } from "@/components/ui/query-state";
import { statusInfo } from "@/components/ui/status";
import { toast } from "@/components/ui/toast";
import { namesQuery } from "@/lib/client/api/names";
import { pendingQuotesQuery, runSandboxExchange, type SandboxExchange } from "@/lib/client/api/sandbox";
import { transactionQuery } from "@/lib/client/api/transactions";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { queryKeys } from "@/lib/universal/api/keys";
import { parseMajorUnits } from "@/lib/universal/config/amounts";
import { formatMinorUnits, minorUnitsToDecimalString } from "@/lib/universal/money/format";
import {
  idsToName,
  quoteCounterparty,
  quoteCustomer,
  quotePartiesText,
} from "@/lib/universal/names/counterparty";
import type { NamedRecord } from "@/lib/universal/names/labels";
import { failureSentence } from "@/lib/universal/transactions/failure-reasons";
import { cn, focusRing } from "@/lib/universal/utils";
import type { Quote, Transaction } from "@/shared/contract";
import { ExchangeView, StatusBadge } from "./action-results";
import { AmountField } from "./amount-field";
import { exchangeErrorMessage } from "./exchange-status";
import { quoteLabel } from "./quote-label";

type SendValues = { quoteId: string; amount: string };

/**
 * The quotes to choose from, once their customers and accounts are named (GET /api/names, in the NamesProvider
 * above): the list is shown whole, by name, rather than with ids that turn into names under the pointer.
 */
function QuoteOptions({ quotes, loadingQuotes }: { quotes: readonly Quote[]; loadingQuotes: boolean }) {
  const { names, loading } = useNames();
  const waiting = loadingQuotes || loading;
  return (
    <>
      <option value="" disabled>
        {waiting ? "Loading quotes…" : "Choose a quote"}
      </option>
      {waiting
        ? null
        : quotes.map((candidate) => (
            <option key={candidate.quoteId} value={candidate.quoteId}>
              {quoteLabel(candidate, names)}
            </option>
          ))}
    </>
  );
}

/** Who sends with a quote and whom it pays, by name, with what each side's amount is. */
function QuoteSides({ quote }: { quote: Quote }) {
  const sides: [string, React.ReactNode, React.ReactNode][] = [
    [
      "Sender",
      <PartyCell key="party" party={quoteCustomer(quote)} />,
      <Money key="amount" amount={quote.totalSendingAmount} currency={quote.sendingCurrency} />,
    ],
    [
      "Receiver",
      <PartyCell key="party" party={quoteCounterparty(quote)} />,
      <Money key="amount" amount={quote.totalReceivingAmount} currency={quote.receivingCurrency} />,
    ],
  ];
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      {sides.map(([label, party, amount]) => (
        <div key={label} className="flex min-w-0 flex-col gap-0.5">
          <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
            {label}
          </dt>
          <dd className="flex min-w-0 flex-col gap-0.5">
            {party}
            <span className="font-semibold tabular-nums">
              {label === "Sender" ? "Sends " : "Receives "}
              {amount}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const linkClass = cn(
  "inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400",
  focusRing,
);

/**
 * The payment the send made, for the quote it completed: who sent and whom it pays, by name, and its status as it
 * is now (followed until it is final, as the incoming payment's card is).
 */
function SentPayment({ transaction: answered, quote }: { transaction: Transaction; quote: Quote }) {
  const followed = useQuery({ ...transactionQuery(answered.id), initialData: answered });
  const transaction = followed.data ?? answered;
  return (
    <section
      aria-label="Simulated send"
      className="flex flex-col gap-3 rounded-md border border-zinc-200 p-4 text-sm dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={transaction.status} />
        <span className="flex items-center gap-1">
          <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{transaction.id}</span>
          <CopyButton value={transaction.id} label="transaction ID" />
        </span>
      </div>
      {transaction.status === "FAILED" ? (
        <p>
          {transaction.failureReason
            ? `It failed: ${failureSentence(transaction.failureReason, transaction.type)}`
            : "It failed."}
        </p>
      ) : null}
      <QuoteSides quote={quote} />
      <p>
        <Link href={`/transactions/${encodeURIComponent(transaction.id)}`} className={linkClass}>
          Open the payment
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      </p>
    </section>
  );
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
  const names = useRef<Readonly<Record<string, NamedRecord>>>({});
  // The transaction of the last successful send, as the contract reads the response, and the quote it completed.
  const [sent, setSent] = useState<{ transaction: Transaction; quote: Quote } | null>(null);
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
    setSent(exchange.ok && transaction.success ? { transaction: transaction.data, quote: chosen } : null);
    if (exchange.ok) {
      // Whose payment it was, by name, rather than the transaction's id (which the result below shows to copy).
      const sends = formatMinorUnits(chosen.totalSendingAmount, chosen.sendingCurrency);
      toast.success("Send simulated", {
        description: `${sends} ${quotePartiesText(chosen, names.current)}${transaction.success ? `: ${statusInfo(transaction.data.status).label}` : ""}.`,
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
  // Every quote offered, and the one last sent (no longer pending), named as the quotes list names them.
  const parties = useMemo(
    () =>
      [...(sent ? [sent.quote] : []), ...(quotes.data?.data ?? [])].flatMap((candidate) => [
        quoteCustomer(candidate),
        quoteCounterparty(candidate),
      ]),
    [quotes.data, sent],
  );
  // The same names the NamesProvider below finds (one request, shared), for the words of the toast.
  const namedParties = useQuery(namesQuery(idsToName(parties).slice(0, 100)));
  names.current = namedParties.data?.names ?? {};
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
            <QuoteOptions quotes={pending} loadingQuotes={quotes.isPending} />
          </NativeSelect>
        )}
      </ControlledField>
      {quote ? (
        <section
          aria-label="Chosen quote"
          className="rounded-md border border-zinc-200 p-3 md:col-span-2 dark:border-zinc-800"
        >
          <QuoteSides quote={quote} />
        </section>
      ) : null}
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
            time (waiting for funds) proceeds. Returns the outgoing payment. The sandbox brings the money in
            itself, so a source account pays nothing from its balance, and, like funding, the arrival is not
            listed as a payment.
          </CardDescription>
        </div>
      </CardHeader>
      <NamesProvider parties={parties}>
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
          <div aria-live="polite">
            {last?.ok && sent ? (
              <SentPayment key={sent.transaction.id} transaction={sent.transaction} quote={sent.quote} />
            ) : null}
          </div>
          {last ? <ExchangeView exchange={last} /> : null}
        </CardContent>
      </NamesProvider>
    </Card>
  );
}
