"use client";

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import dynamic from "next/dynamic";
import { parseAsString, useQueryState } from "nuqs";
import * as React from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { preload, usePrefetchDataOnMount } from "@/components/ui/preload";
import { LoadingState } from "@/components/ui/states";
import { platformInternalAccountsQuery } from "@/lib/client/api/accounts";
import { quoteQuery } from "@/lib/client/api/quotes";
import { queryKeys } from "@/lib/universal/api/keys";
import { platformNow } from "@/lib/universal/api/platform-clock";
import type { CreateQuoteBody, Quote } from "@/shared/contract";
import type { SessionQuote } from "./quote-review";
import { SendMoneyForm } from "./send-money-form";

// The form comes with the page, so its HTML is in the page as sent (a `next/dynamic` part is sent after the page,
// hidden, and revealed by script: docs/ARCHITECTURE.md, "Full-page forms come with their pages"). The review (summary,
// countdown, execution and progress) is its own download, fetched once the form is used.
const QuoteReview = dynamic(() => import("./quote-review").then((module) => module.QuoteReview), {
  loading: () => <LoadingState label="Loading the quote" rows={4} columns={2} />,
});
const preloadQuoteReview = () => preload(() => import("./quote-review"));

/**
 * The platform's accounts, which both of the form's account pickers show first: read with the page for people who may
 * move money, asked for as the page mounts for the others (who see the form, disabled).
 */
function prefetchFormData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(platformInternalAccountsQuery());
}

/**
 * Send money: fill in the payment, get a quote that locks the rate, execute it before it expires and follow the
 * payment. The quote under review is in the URL (`?quote=`), so a reload or a shared link shows it again; the
 * form stays mounted underneath, so "Change details" returns to exactly what was typed.
 */
export function SendMoney() {
  const move = usePermission("money.move");
  const queryClient = useQueryClient();
  const [quoteId, setQuoteId] = useQueryState("quote", parseAsString.withOptions({ history: "push" }));
  const sessions = React.useRef(new Map<string, SessionQuote>());
  const [formKey, setFormKey] = React.useState(0);
  const [formUsed, setFormUsed] = React.useState(false);
  usePrefetchDataOnMount(prefetchFormData);

  const showQuote = (quote: Quote, body: CreateQuoteBody) => {
    sessions.current.set(quote.quoteId, { receivedAt: platformNow(), body });
    queryClient.setQueryData(quoteQuery(quote.quoteId).queryKey, quote);
    void queryClient.invalidateQueries({ queryKey: queryKeys.quotes, refetchType: "none" });
    setFormUsed(true);
    void setQuoteId(quote.quoteId);
  };

  const startOver = () => {
    setFormKey((key) => key + 1);
    setFormUsed(false);
    void setQuoteId(null);
  };

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      {!move.allowed ? (
        <p
          role="note"
          className="flex items-start gap-2.5 rounded-lg border border-zinc-200 bg-zinc-50 px-4 py-3 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
        >
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-medium">You cannot send money with your role.</span> {move.reason} The form
            is shown so you can see how a payment is made.
          </span>
        </p>
      ) : null}
      {quoteId ? (
        <QuoteReview
          key={quoteId}
          quoteId={quoteId}
          session={sessions.current.get(quoteId)}
          onNewQuote={showQuote}
          onChangeDetails={formUsed ? () => void setQuoteId(null) : undefined}
          onStartOver={startOver}
        />
      ) : null}
      <div hidden={quoteId !== null} onFocusCapture={preloadQuoteReview}>
        <SendMoneyForm key={formKey} allowed={move.allowed} onQuoted={showQuote} />
      </div>
    </div>
  );
}
