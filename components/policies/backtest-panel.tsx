"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { QueryState } from "@/components/ui/query-state";
import { Timestamp } from "@/components/ui/timestamp";
import { runBacktest } from "@/lib/client/policies/backtest-types";
import { backtestChangeLine } from "@/lib/universal/policies/backtest-compare";
import type { PolicyDocument } from "@/lib/universal/policies/rules";
import { currencyDecimals } from "@/shared/contract/iso-4217";

const DAYS = 30;

/**
 * A version run against the last 30 days of pending payments: how many it would approve, reject and hold, and
 * every payment whose outcome would change, linked to its page. The route's error is shown as it comes.
 */
export function BacktestPanel({ versionId, document }: { versionId: string; document: PolicyDocument }) {
  const backtest = useQuery({
    queryKey: ["policies", versionId, "backtest", DAYS],
    queryFn: ({ signal }) => runBacktest(document, DAYS, signal),
    retry: false,
    staleTime: 60_000,
  });
  return (
    <section aria-labelledby={`backtest-${versionId}`} className="flex flex-col gap-2 text-sm">
      <h3 id={`backtest-${versionId}`} className="font-semibold">
        Backtest: the last {DAYS} days
      </h3>
      <QueryState
        query={backtest}
        loading={<p role="status">Running the backtest…</p>}
        error={(error) => (
          <p role="alert" className="text-red-700 dark:text-red-400">
            The backtest could not run: {error.message}
          </p>
        )}
      >
        {(result) => (
          <>
            <p>
              Of {result.total} pending payments, it would approve {result.counts.approve}, reject{" "}
              {result.counts.reject} and hold {result.counts.hold}.{" "}
              {result.changed.length === 0
                ? "No payment's outcome would change."
                : `${result.changed.length} would be decided differently:`}
            </p>
            {result.changed.length > 0 ? (
              <ul
                aria-label="Payments decided differently"
                className="flex max-h-60 flex-col gap-1 overflow-y-auto"
              >
                {result.changed.map((payment) => (
                  <li
                    key={payment.transactionId}
                    className="rounded border border-zinc-200 px-2 py-1 dark:border-zinc-800"
                  >
                    <Link
                      className="underline"
                      href={`/transactions/${encodeURIComponent(payment.transactionId)}`}
                    >
                      <Money
                        amount={payment.amount.value}
                        currency={{
                          code: payment.amount.currency,
                          decimals: currencyDecimals(payment.amount.currency) ?? 2,
                        }}
                      />{" "}
                      from {payment.sender ?? "an unknown sender"}
                    </Link>
                    , <Timestamp value={payment.receivedAt} />:{" "}
                    {backtestChangeLine(payment.was, payment.would)}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
