"use client";

import { useQuery } from "@tanstack/react-query";
import { ScreeningCard } from "@/components/screening/screening-card";
import { PageBreadcrumbs } from "@/components/shell/breadcrumbs";
import { PageHeader } from "@/components/shell/page-header";
import { QueryState } from "@/components/ui/query-state";
import { LoadingState } from "@/components/ui/states";
import { transactionEventsQuery, transactionQuery } from "@/lib/client/api/transactions";
import type { Transaction } from "@/shared/contract";
import { AmountsCard } from "./transaction-detail/amounts-card";
import { CounterpartyCard } from "./transaction-detail/counterparty-card";
import { DetailsCard } from "./transaction-detail/details-card";
import { EvidenceCard } from "./transaction-detail/evidence-card";
import { RateCard } from "./transaction-detail/rate-card";
import { ReconciliationCard } from "./transaction-detail/reconciliation-card";
import { RefundCard } from "./transaction-detail/refund-card";
import { StatusNotices } from "./transaction-detail/status-notices";
import { TimelineCard } from "./transaction-detail/timeline-card";
import { TransactionHeader } from "./transaction-detail/transaction-header";

/** One transaction: what moved, at what rate, between whom, how it got to its status, and what to do now. */
/**
 * Who was screened for this payment: an incoming payment's sender, or the holder of the bank account an outgoing
 * payment went to (lib/server/relay/steps/recipient-screening-clear.ts). A payment to one of our accounts or to a
 * UMA address names no one to screen.
 */
function TransactionScreening({ transaction }: { transaction: Transaction }) {
  if (transaction.type === "INCOMING") return <ScreeningCard subject={{ payment: transaction.id }} />;
  const accountId = (transaction.destination as { accountId?: string }).accountId;
  return accountId?.startsWith("ExternalAccount:") ? (
    <ScreeningCard subject={{ recipient: accountId }} />
  ) : null;
}

export function TransactionDetail({ transactionId }: { transactionId: string }) {
  const query = useQuery(transactionQuery(transactionId));
  // Asked for once the payment is known: an id that names no payment (or is no id at all) has no timeline to ask for.
  // The payment arrives with the page, so this waits for nothing on a payment that exists.
  const events = useQuery({ ...transactionEventsQuery(transactionId), enabled: query.isSuccess });
  const crumbs = (
    <PageBreadcrumbs items={[{ label: "Transactions", href: "/transactions" }, { label: transactionId }]} />
  );

  return (
    <>
      {crumbs}
      <QueryState
        query={query}
        frame={(view) => (
          <>
            <PageHeader title="Transaction" description={transactionId} />
            {view}
          </>
        )}
        loading={<LoadingState label="Loading the transaction" rows={6} columns={2} />}
        error={{
          title: "The transaction could not be loaded",
          notFound: {
            title: "No transaction has this id",
            message: `${transactionId} was not found.`,
            back: { href: "/transactions", label: "Back to transactions" },
          },
        }}
      >
        {(transaction) => (
          <>
            <TransactionHeader transaction={transaction} />

            <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
              <div className="flex flex-col gap-6 lg:col-span-2">
                <StatusNotices transaction={transaction} events={events.data} />
                <TransactionScreening transaction={transaction} />
                <AmountsCard transaction={transaction} />
                <RateCard transaction={transaction} />
                <TimelineCard transaction={transaction} events={events} />
              </div>

              <div className="flex flex-col gap-6">
                <DetailsCard transaction={transaction} />
                <ReconciliationCard transaction={transaction} />
                <CounterpartyCard transaction={transaction} events={events.data} />
                <RefundCard transaction={transaction} />
                <EvidenceCard transactionId={transaction.id} />
              </div>
            </div>
          </>
        )}
      </QueryState>
    </>
  );
}
