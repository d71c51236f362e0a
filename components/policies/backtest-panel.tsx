"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { QueryState } from "@/components/ui/query-state";
import { Timestamp } from "@/components/ui/timestamp";
import { type BacktestResult, runBacktest } from "@/lib/client/policies/backtest-types";
import { formatCount } from "@/lib/universal/intl/count";
import { happenedWords, outcomeWords } from "@/lib/universal/policies/backtest-compare";
import type { PolicyDocument } from "@/lib/universal/policies/rules";
import { currencyDecimals } from "@/shared/contract/iso-4217";

const DAYS = 30;

const OUTCOMES = [
  ["approve", "Approved automatically"],
  ["hold", "Held for people"],
  ["reject", "Rejected automatically"],
] as const;

const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** +2, −3, or "no change": the candidate's count against the version in force. */
function difference(candidate: number, active: number): string {
  const by = candidate - active;
  if (by === 0) return "no change";
  return by > 0 ? `+${formatCount(by)}` : `−${formatCount(-by)}`;
}

/**
 * A version run over the last 30 days of the platform's incoming payments beside the version in force now (none:
 * every payment held for people): how many each would approve, hold and reject, and every payment the two decide
 * differently, linked to its page, with what actually happened to it. The route's error is shown as it comes.
 */
export function BacktestPanel({
  versionId,
  version,
  document,
}: {
  versionId: string;
  version: number;
  document: PolicyDocument;
}) {
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
        {(result) => <BacktestAnswer result={result} version={version} />}
      </QueryState>
    </section>
  );
}

function BacktestAnswer({ result, version }: { result: BacktestResult; version: number }) {
  const candidate = `v${version}`;
  const active = result.active ? `v${result.active.version} (in force)` : "No version in force";
  const period = (
    <>
      <Timestamp value={result.period.from} /> and <Timestamp value={result.period.to} />
    </>
  );
  if (result.total === 0) {
    return <p>No incoming payment asked for approval between {period}: there is nothing to replay.</p>;
  }
  const changed = result.changed.length;
  return (
    <>
      <p>
        Replayed {count(result.total, "incoming payment", "incoming payments")} received between {period}
        {result.truncated
          ? ` (the most recent ${formatCount(result.truncated.limit)} of ${formatCount(result.truncated.received)})`
          : ""}{" "}
        through {candidate} and{" "}
        {result.active
          ? `v${result.active.version}, the version in force now.`
          : "what happens now: with no version in force, every payment is held for people."}
      </p>
      <div className="overflow-x-auto">
        <table
          aria-label={`Outcomes: ${active} and ${candidate}`}
          className="w-full max-w-xl border-collapse text-left tabular-nums"
        >
          <thead>
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              <th scope="col" className="py-1 pr-3 font-medium">
                Outcome
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {active}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {candidate}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {OUTCOMES.map(([outcome, label]) => (
              <tr key={outcome} className="border-b border-zinc-100 dark:border-zinc-900">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {label}
                </th>
                <td className="py-1 pr-3 text-right">{formatCount(result.counts.active[outcome])}</td>
                <td className="py-1 pr-3 text-right">{formatCount(result.counts.candidate[outcome])}</td>
                <td className="py-1 text-right">
                  {difference(result.counts.candidate[outcome], result.counts.active[outcome])}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        {changed === 0
          ? `${candidate} would decide every one of these payments as ${result.active ? `v${result.active.version}` : "now"}.`
          : `${count(changed, "payment", "payments")} would be decided differently by ${candidate}:`}
      </p>
      {changed > 0 ? (
        <ul
          aria-label="Payments decided differently"
          className="flex max-h-80 flex-col gap-1 overflow-y-auto"
        >
          {result.changed.map((payment) => (
            <li
              key={payment.transactionId}
              className="flex flex-col gap-0.5 rounded border border-zinc-200 px-2 py-1 dark:border-zinc-800"
            >
              <span>
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
                  from {payment.sender} to {payment.receiver}
                </Link>
                , received <Timestamp value={payment.receivedAt} />
              </span>
              <span>
                {active}: {result.active ? outcomeWords(payment.active) : "would be held for people"}.
              </span>
              <span className="font-medium">
                {candidate}: {outcomeWords(payment.candidate)}.
              </span>
              <span className="text-xs text-zinc-600 dark:text-zinc-400">
                What happened: {happenedWords(payment.happened)}.
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
