"use client";

import { useQuery } from "@tanstack/react-query";
import { Landmark } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState, LoadingState } from "@/components/ui/states";
import { externalAccountsForQuery } from "@/lib/client/api/accounts";
import type { ExternalAccountStatus } from "@/shared/contract";
import { BANK_ACCOUNT_TYPE_LABELS, bankAccountTitle } from "./bank-account-labels";
import { PaymentsLink } from "./payments-link";

const STATUS_VARIANT: Record<ExternalAccountStatus, "success" | "warning" | "neutral" | "info"> = {
  ACTIVE: "success",
  PENDING: "warning",
  UNDER_REVIEW: "info",
  INACTIVE: "neutral",
};

/** A customer's or the platform's bank accounts (external accounts), all currencies. */
export function ExternalAccountList({ customerId, ownerLabel }: { customerId?: string; ownerLabel: string }) {
  const query = useQuery(externalAccountsForQuery({ customerId }));
  return (
    <QueryState
      query={query}
      loading={<LoadingState label="Loading bank accounts" rows={2} columns={3} />}
      error={{ title: "Bank accounts could not be loaded", headingLevel: "h3" }}
      isEmpty={(data) => data.data.length === 0}
      empty={
        <EmptyState
          icon={Landmark}
          headingLevel="h3"
          title="No bank accounts"
          description={`${ownerLabel} has no external account yet; transfers in and out need one in the account's currency.`}
        />
      }
    >
      {(data) => (
        <ul
          className="divide-y divide-zinc-100 dark:divide-zinc-800"
          aria-label={`Bank accounts of ${ownerLabel}`}
        >
          {data.data.map((account) => (
            <li
              key={account.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-3"
            >
              <div className="flex min-w-0 flex-col gap-0.5">
                <span className="text-sm font-medium">{bankAccountTitle(account.accountInfo)}</span>
                <span className="flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
                  {BANK_ACCOUNT_TYPE_LABELS[account.accountInfo.accountType]} · {account.currency} ·{" "}
                  <span className="font-mono">{account.id}</span>
                  <CopyButton value={account.id} label="external account id" className="size-6" />
                </span>
              </div>
              <span className="flex items-center gap-2">
                <Badge variant={STATUS_VARIANT[account.status]}>
                  {account.status.replace("_", " ").toLowerCase()}
                </Badge>
                <PaymentsLink accountId={account.id} of={bankAccountTitle(account.accountInfo)} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
