"use client";

import { useQuery } from "@tanstack/react-query";
import { transactionQuery } from "@/lib/client/api/transactions";
import type { Quote } from "@/shared/contract";

/**
 * The memo that goes with a quote's payment. The API's quote does not carry it; the payment the quote created does
 * (its `description`, readable as soon as the quote is made, CREATED until executed). The tab that asked for the
 * quote knows it as typed; any other (a reload, a link, another officer) reads it from that payment once.
 */
export function QuoteMemo({ quote, typed }: { quote: Quote; typed: string | undefined }) {
  const payment = useQuery({
    ...transactionQuery(quote.transactionId),
    // Read once for its memo: the payment's progress is followed elsewhere on the page once it is executed.
    refetchInterval: false,
    enabled: !typed,
  });
  const memo = typed || payment.data?.description;
  if (!memo) return null;
  return (
    <dl className="text-sm">
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Memo</dt>
      <dd className="mt-1 wrap-break-word">{memo}</dd>
    </dl>
  );
}
