"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { RefreshCw, Send, TimerOff } from "lucide-react";
import * as React from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { IdValue } from "@/components/transactions/id-value";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Countdown } from "@/components/ui/countdown";
import { QueryState } from "@/components/ui/query-state";
import { LoadingState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { Timestamp } from "@/components/ui/timestamp";
import {
  createQuote,
  executeQuote,
  isRealTimeFunded,
  quoteDeadline,
  quoteQuery,
  quoteWasExecuted,
} from "@/lib/client/api/quotes";
import { queryKeys } from "@/lib/universal/api/keys";
import { cn, focusRing } from "@/lib/universal/utils";
import { ApiError } from "@/shared/api-error";
import type { CreateQuoteBody, Quote } from "@/shared/contract";
import { FundingInstructions } from "./funding-instructions";
import { PaymentProgress } from "./payment-progress";
import { QuoteMemo } from "./quote-memo";
import { QuoteParties } from "./quote-parties";
import { QuoteSummary } from "./quote-summary";

export type SessionQuote = {
  /** When the quote arrived, on the platform's clock (platformNow), to count its whole lifetime from then. */
  receivedAt: number;
  /** The request that made it, to ask for a new quote on the same terms once it expires. */
  body: CreateQuoteBody;
};

type Props = {
  quoteId: string;
  session: SessionQuote | undefined;
  onNewQuote: (quote: Quote, body: CreateQuoteBody) => void;
  onChangeDetails: (() => void) | undefined;
  onStartOver: () => void;
};

/**
 * A quote under review: both totals, fees and rate with a countdown to its expiry, and the way forward: execute
 * it while it lasts, get a new one when it has expired, or follow the payment once it is executed.
 */
export function QuoteReview({ quoteId, session, onNewQuote, onChangeDetails, onStartOver }: Props) {
  const move = usePermission("money.move");
  const queryClient = useQueryClient();
  const query = useQuery(quoteQuery(quoteId));
  const [ranOut, setRanOut] = React.useState(false);
  const [executing, setExecuting] = React.useState(false);
  const [requoting, setRequoting] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  // Each step is told where it happened, not in a toast (a toast stood over the Execute button and took the click
  // meant for it): the keyboard's focus goes to the quote just made, then to the payment once it is executed or its
  // money arrives, since the button pressed is gone. A quote opened from a link or a reload takes no focus.
  const quoteHeading = React.useRef<HTMLHeadingElement>(null);
  const progressHeading = React.useRef<HTMLHeadingElement>(null);
  const [focusTo, setFocusTo] = React.useState<"quote" | "progress" | null>(session ? "quote" : null);
  const executed = query.data !== undefined && quoteWasExecuted(query.data.status);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the heading to focus may appear only once the quote has loaded or been executed.
  React.useEffect(() => {
    const target =
      focusTo === "quote" ? quoteHeading.current : focusTo === "progress" ? progressHeading.current : null;
    if (!target) return;
    // The progress is below the quote: brought whole into view, not just its heading to the window's bottom edge.
    target.focus({ preventScroll: focusTo === "progress" });
    if (focusTo === "progress") target.closest("section")?.scrollIntoView({ block: "nearest" });
    setFocusTo(null);
  }, [focusTo, executed, query.isPending]);

  return (
    <QueryState
      query={query}
      loading={<LoadingState label="Loading the quote" rows={4} columns={2} />}
      error={{ title: "The quote could not be loaded" }}
    >
      {(quote) => {
        const expired = quote.status === "EXPIRED" || (quote.status === "PENDING" && ranOut);

        const execute = async () => {
          setProblem(null);
          setExecuting(true);
          try {
            const updated = await executeQuote(quote.quoteId);
            setFocusTo("progress");
            queryClient.setQueryData(quoteQuery(quote.quoteId).queryKey, updated);
            void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
            void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
          } catch (error) {
            if (error instanceof ApiError && error.code === "QUOTE_EXPIRED") {
              setRanOut(true);
              setProblem("This quote expired before it was executed. Get a new quote to continue.");
            } else if (error instanceof ApiError && error.code === "INSUFFICIENT_BALANCE") {
              setProblem(
                "The source account does not hold enough to pay this quote. Fund it, then execute again while the quote lasts.",
              );
            } else {
              setProblem(
                error instanceof ApiError ? error.message : "The payment could not be executed. Try again.",
              );
            }
            void query.refetch();
          } finally {
            setExecuting(false);
          }
        };

        const requote = async () => {
          if (!session) return;
          setProblem(null);
          setRequoting(true);
          try {
            // Same terms, reviewed again: a new quote is never executed without being seen.
            const { immediatelyExecute, ...terms } = session.body;
            const fresh = await createQuote(terms);
            setRanOut(false);
            onNewQuote(fresh, session.body);
          } catch (error) {
            setProblem(
              error instanceof ApiError ? error.message : "A new quote could not be made. Try again.",
            );
          } finally {
            setRequoting(false);
          }
        };

        return (
          <div className="flex flex-col gap-6">
            <Card aria-labelledby="quote-heading">
              <CardHeader>
                <div className="flex flex-col gap-1">
                  <CardTitle
                    ref={quoteHeading}
                    tabIndex={-1}
                    id="quote-heading"
                    className={cn("flex w-fit items-center gap-2 rounded-sm", focusRing)}
                  >
                    Quote <StatusBadge status={expired ? "EXPIRED" : quote.status} />
                  </CardTitle>
                  <IdValue
                    value={quote.quoteId}
                    label="quote id"
                    className="text-zinc-500 dark:text-zinc-400"
                  />
                </div>
                {quote.status === "PENDING" && !expired ? (
                  <div className="flex flex-col items-end gap-1">
                    <Countdown
                      deadline={quoteDeadline(quote, session?.receivedAt)}
                      label="Rate locked for"
                      expiredLabel="Quote expired"
                      onExpire={() => {
                        setRanOut(true);
                        void query.refetch();
                      }}
                      className="rounded-full bg-zinc-100 px-3 py-1 dark:bg-zinc-800"
                    />
                    <span className="text-xs text-zinc-600 dark:text-zinc-400">
                      Until <Timestamp value={quote.expiresAt} style="time" />
                    </span>
                  </div>
                ) : null}
              </CardHeader>
              <CardContent className="flex flex-col gap-5">
                <QuoteSummary quote={quote} />
                <QuoteParties quote={quote} />
                <QuoteMemo quote={quote} typed={session?.body.description} />

                {isRealTimeFunded(quote) ? (
                  <FundingInstructions quote={quote} onMoneyArrived={() => setFocusTo("progress")} />
                ) : null}

                {problem ? (
                  <p
                    role="alert"
                    className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
                  >
                    {problem}
                  </p>
                ) : null}

                {quote.status === "PENDING" && !expired ? (
                  <div className="flex flex-wrap items-center justify-end gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
                    {!move.allowed ? (
                      <p className="mr-auto text-sm text-zinc-600 dark:text-zinc-400">{move.reason}</p>
                    ) : null}
                    {/* Opened from its address (a reload, a link), no form holds what was typed: a new one. */}
                    {onChangeDetails ? (
                      <Button variant="outline" onClick={onChangeDetails}>
                        Change details
                      </Button>
                    ) : (
                      <Button variant="outline" onClick={onStartOver}>
                        Start a new payment
                      </Button>
                    )}
                    <PermittedButton
                      decision={move}
                      onClick={() => void execute()}
                      loading={executing}
                      loadingText="Executing…"
                      size="lg"
                    >
                      <Send aria-hidden="true" />
                      Execute payment
                    </PermittedButton>
                  </div>
                ) : null}

                {expired ? (
                  <div className="flex flex-wrap items-center justify-end gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
                    <p className="mr-auto flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
                      <TimerOff aria-hidden="true" className="size-4 shrink-0" />
                      {session
                        ? "The rate lock ran out, so this quote can no longer be executed. A new quote uses today's rate."
                        : "The rate lock ran out, so this quote can no longer be executed."}
                    </p>
                    {onChangeDetails ? (
                      <Button variant="outline" onClick={onChangeDetails}>
                        Change details
                      </Button>
                    ) : null}
                    {session ? (
                      <PermittedButton
                        decision={move}
                        onClick={() => void requote()}
                        loading={requoting}
                        loadingText="Getting a new quote…"
                        size="lg"
                      >
                        <RefreshCw aria-hidden="true" />
                        Get a new quote
                      </PermittedButton>
                    ) : (
                      <Button size="lg" onClick={onStartOver}>
                        Start a new payment
                      </Button>
                    )}
                  </div>
                ) : null}
              </CardContent>
            </Card>

            {executed ? (
              <>
                <PaymentProgress transactionId={quote.transactionId} headingRef={progressHeading} />
                <div className="flex justify-end">
                  <Button variant="outline" onClick={onStartOver}>
                    Send another payment
                  </Button>
                </div>
              </>
            ) : null}
          </div>
        );
      }}
    </QueryState>
  );
}
