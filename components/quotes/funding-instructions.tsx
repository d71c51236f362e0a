"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Banknote, FlaskConical } from "lucide-react";
import * as React from "react";
import { accountDetails, BANK_ACCOUNT_TYPE_LABELS } from "@/components/accounts/bank-account-labels";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { CopyButton } from "@/components/ui/copy-button";
import { Money } from "@/components/ui/money";
import { fundQuoteInSandbox, quoteQuery, realTimeFundingInstructions } from "@/lib/client/api/quotes";
import { transactionQuery } from "@/lib/client/api/transactions";
import { queryKeys } from "@/lib/universal/api/keys";
import { ApiError } from "@/shared/api-error";
import type { BankAccountType, Quote } from "@/shared/contract";

/**
 * What the sender of a real-time funded quote pays into: the amount, the bank account and the reference that
 * matches the money to the quote. In the sandbox, a developer can make that money arrive.
 */
export function FundingInstructions({
  quote,
  onMoneyArrived,
}: {
  quote: Quote;
  /** After the sandbox made the money arrive: the button pressed goes, so the page moves the focus on. */
  onMoneyArrived?: () => void;
}) {
  const sandbox = usePermission("sandbox.use");
  const queryClient = useQueryClient();
  const [sending, setSending] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const instructions = realTimeFundingInstructions(quote);
  const waiting = quote.status === "PENDING" || quote.status === "PROCESSING";
  // Executed, the quote's payment is PENDING until its money arrives (then PROCESSING, on its way); before it is
  // executed, nobody should pay it yet. The payment's progress below reads the same transaction.
  const payment = useQuery({
    ...transactionQuery(quote.transactionId),
    enabled: quote.status === "PROCESSING",
  });
  const awaitingMoney = quote.status === "PROCESSING" && payment.data?.status === "PENDING";
  const onItsWay = quote.status === "PROCESSING" && payment.data !== undefined && !awaitingMoney;
  if (instructions.length === 0) return null;

  const simulate = async () => {
    setProblem(null);
    setSending(true);
    try {
      await fundQuoteInSandbox(quote);
      // Told in the page, not in a toast: these instructions say the sender paid, and the payment's progress
      // below, which takes the focus, says where the money is.
      onMoneyArrived?.();
      await queryClient.invalidateQueries({ queryKey: quoteQuery(quote.quoteId).queryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
    } catch (error) {
      setProblem(
        error instanceof ApiError ? error.message : "The sandbox could not send the money. Try again.",
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      aria-labelledby="funding-heading"
      className="flex flex-col gap-4 rounded-lg border border-sky-200 bg-sky-50 p-4 dark:border-sky-900 dark:bg-sky-950/40"
    >
      <div className="flex flex-col gap-1">
        <h3 id="funding-heading" className="flex items-center gap-2 text-sm font-semibold">
          <Banknote aria-hidden="true" className="size-4 text-sky-700 dark:text-sky-300" />
          Funded just in time
        </h3>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {quote.status === "PENDING" ? "Nothing leaves a balance. Execute the quote, then pay " : null}
          {awaitingMoney ? "Waiting for " : null}
          {waiting && !onItsWay ? null : "The sender paid "}
          <Money
            amount={quote.totalSendingAmount}
            currency={quote.sendingCurrency}
            className="font-semibold"
          />
          {quote.status === "PENDING"
            ? " into this account with the reference as the memo; the payment goes out when the money arrives."
            : null}
          {awaitingMoney
            ? " to arrive in this account with the reference as the memo; the payment goes out when it does."
            : null}
          {waiting && !onItsWay ? null : " into this account."}
        </p>
      </div>
      {instructions.map((instruction) => {
        const info = instruction.bankAccountInfo as Record<string, unknown>;
        const type =
          BANK_ACCOUNT_TYPE_LABELS[info.accountType as BankAccountType] ?? String(info.accountType);
        return (
          <dl
            key={instruction.reference}
            aria-label="Payment instructions"
            className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]"
          >
            <dt className="text-zinc-600 dark:text-zinc-400">Reference</dt>
            <dd className="flex items-center gap-1 font-mono font-semibold">
              {instruction.reference}
              <CopyButton value={instruction.reference} label="payment reference" className="size-6" />
            </dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Account type</dt>
            <dd>{type}</dd>
            {accountDetails(info).map((detail) => (
              <React.Fragment key={detail.label}>
                <dt className="text-zinc-600 dark:text-zinc-400">{detail.label}</dt>
                <dd className={detail.mono ? "font-mono" : undefined}>{detail.value}</dd>
              </React.Fragment>
            ))}
            {instruction.instructionsNotes ? (
              <>
                <dt className="text-zinc-600 dark:text-zinc-400">Notes</dt>
                <dd>{instruction.instructionsNotes}</dd>
              </>
            ) : null}
          </dl>
        );
      })}
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      {awaitingMoney && sandbox.allowed ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-sky-200 pt-3 dark:border-sky-900">
          <p className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
            <FlaskConical aria-hidden="true" className="size-3.5" />
            Sandbox: no bank will send this money, so you can make it arrive.
          </p>
          <PermittedButton
            decision={sandbox}
            variant="outline"
            size="sm"
            onClick={() => void simulate()}
            loading={sending}
            loadingText="Sending the money…"
          >
            Simulate the money arriving
          </PermittedButton>
        </div>
      ) : null}
    </section>
  );
}
