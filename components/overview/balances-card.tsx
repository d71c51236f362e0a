"use client";

import { RetiredCurrencyBadge, useRetiredCurrencies } from "@/components/currencies/retired-currency";
import { accountPaymentsHref } from "@/components/transactions/links";
import { Link } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import type { OverviewBalances } from "@/lib/client/api/transactions";
import { formatCount } from "@/lib/universal/intl/count";
import { formatMinorUnits } from "@/lib/universal/money/format";
import { OverviewCard } from "./overview-card";

/** What the platform and its customers hold, per currency; a platform account's figure opens its payments. */
export function BalancesCard({ balances, className }: { balances: OverviewBalances; className?: string }) {
  const codes = [
    ...new Set([...balances.platform, ...balances.customers].map((entry) => entry.currency.code)),
  ].sort();
  const partial = !balances.customersComplete;
  const { isRetired } = useRetiredCurrencies();
  return (
    <OverviewCard
      id="balances"
      title="Balances"
      description="Internal accounts, per currency."
      more={{ href: "/accounts", label: "See every account" }}
      className={className}
    >
      {codes.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No internal accounts yet.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Balances per currency</caption>
          <thead>
            <tr className="text-xs text-zinc-500 dark:text-zinc-400 uppercase">
              <th scope="col" className="pb-2 text-left font-medium">
                Currency
              </th>
              <th scope="col" className="pb-2 pl-3 text-right font-medium">
                Platform
              </th>
              <th scope="col" className="pb-2 pl-3 text-right font-medium">
                Customers
              </th>
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => {
              const platform = balances.platform.find((entry) => entry.currency.code === code);
              const customers = balances.customers.find((entry) => entry.currency.code === code);
              return (
                <tr key={code} className="border-t border-zinc-100 dark:border-zinc-800">
                  <th scope="row" className="py-2 text-left font-mono font-medium">
                    <span className="inline-flex flex-wrap items-center gap-1.5">
                      {code}
                      {isRetired(code) ? <RetiredCurrencyBadge code={code} /> : null}
                    </span>
                  </th>
                  <td className="py-2 pl-3 text-right">
                    {platform?.accountId ? (
                      <Link
                        href={accountPaymentsHref(platform.accountId)}
                        aria-label={`${formatMinorUnits(BigInt(platform.amount), platform.currency)}: payments of the platform's ${code} account`}
                        className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-400"
                      >
                        <Money amount={BigInt(platform.amount)} currency={platform.currency} />
                      </Link>
                    ) : platform ? (
                      <Money amount={BigInt(platform.amount)} currency={platform.currency} />
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="py-2 pl-3 text-right">
                    {customers ? (
                      <Money amount={BigInt(customers.amount)} currency={customers.currency} />
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p className="pt-3 text-xs text-zinc-500 dark:text-zinc-400">
        Amounts are shown in each row's currency.{" "}
        {partial
          ? `Customer totals cover the first ${formatCount(balances.customerAccountsCounted)} of ${
              balances.customerAccountsTotal !== undefined
                ? formatCount(balances.customerAccountsTotal)
                : "more"
            } customer accounts.`
          : `Customer totals add up all ${formatCount(balances.customerAccountsCounted)} customer accounts.`}
      </p>
    </OverviewCard>
  );
}
