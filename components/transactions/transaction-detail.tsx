"use client";

import { useQuery } from "@tanstack/react-query";
import { Undo2 } from "lucide-react";
import Link from "next/link";
import { PageBreadcrumbs } from "@/components/shell/breadcrumbs";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { errorStatus } from "@/components/ui/error-details";
import { Money } from "@/components/ui/money";
import { RelativeTime } from "@/components/ui/relative-time";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { RECEIVER_FIELD_PRESENTATION } from "@/lib/approvals/receiver-info";
import { transactionEventsQuery, transactionQuery } from "@/lib/payments/transactions";
import { describeRate } from "@/lib/transactions/rate";
import { buildTimeline } from "@/lib/transactions/timeline";
import type { Transaction, UserInfoFieldName } from "@/shared/contract";
import { DetailList, type DetailRow } from "./detail-list";
import { DirectionLabel } from "./direction-label";
import { FailureNotice } from "./failure-notice";
import { IdValue } from "./id-value";
import { customerHref, idLinkClasses, quoteHref, transactionHref } from "./links";
import { RateDetailsList } from "./rate-details";
import { TransactionDecision } from "./transaction-decision";
import { TransactionTimeline } from "./transaction-timeline";

const utc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

function When({ iso }: { iso: string | undefined }) {
  if (!iso) return <>—</>;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>—</>;
  return (
    <span className="flex flex-col">
      <span>{utc.format(date)} UTC</span>
      <RelativeTime date={date} className="text-xs text-zinc-500 dark:text-zinc-400" />
    </span>
  );
}

function textField(transaction: Transaction, key: string): string | undefined {
  const value = transaction[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function endpointOf(endpoint: Record<string, unknown> | undefined): string | undefined {
  if (!endpoint) return undefined;
  for (const key of ["accountId", "umaAddress"]) {
    const value = endpoint[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

function fieldLabel(name: string): string {
  return RECEIVER_FIELD_PRESENTATION[name as UserInfoFieldName]?.label ?? name;
}

function headline(transaction: Transaction) {
  const amount = transaction.type === "INCOMING" ? transaction.receivedAmount : transaction.sentAmount;
  return amount ? <Money amount={amount.amount} currency={amount.currency} /> : "Transaction";
}

function amountRows(transaction: Transaction): DetailRow[] {
  const { sentAmount, receivedAmount, fees, exchangeRate } = transaction;
  const incoming = transaction.type === "INCOMING";
  const rows: DetailRow[] = [
    {
      label: incoming ? "Sender paid" : "We sent",
      hint: "In the sending currency, fees included",
      value: sentAmount ? <Money amount={sentAmount.amount} currency={sentAmount.currency} /> : "Not stated",
    },
    {
      label: "Fees",
      hint: "Included in the amount sent",
      value:
        fees === undefined ? (
          "Not stated"
        ) : sentAmount ? (
          <Money amount={fees} currency={sentAmount.currency} />
        ) : (
          `${fees} (smallest units)`
        ),
    },
  ];
  if (exchangeRate !== undefined) {
    const sendingCode = sentAmount?.currency.code ?? transaction.source?.currency ?? "sending";
    const receivingCode = receivedAmount?.currency.code ?? transaction.destination.currency ?? "receiving";
    const rate = describeRate(exchangeRate, sendingCode, receivingCode);
    rows.push({
      label: "Exchange rate",
      value: (
        <span className="flex flex-col items-end">
          <span>{rate.perSendingUnit}</span>
          {rate.perReceivingUnit ? (
            <span className="text-xs text-zinc-500 dark:text-zinc-400">{rate.perReceivingUnit}</span>
          ) : null}
        </span>
      ),
    });
  } else {
    rows.push({ label: "Exchange rate", value: "Not stated" });
  }
  rows.push({
    label: incoming ? "We received" : "Recipient receives",
    hint: "In the receiving currency",
    strong: true,
    value: receivedAmount ? (
      <Money amount={receivedAmount.amount} currency={receivedAmount.currency} />
    ) : (
      "Not stated"
    ),
  });
  return rows;
}

function detailRows(transaction: Transaction): DetailRow[] {
  const source = endpointOf(transaction.source);
  const destination = endpointOf(transaction.destination);
  const rows: DetailRow[] = [
    { label: "Transaction ID", value: <IdValue value={transaction.id} label="transaction id" /> },
    { label: "Direction", value: <DirectionLabel type={transaction.type} /> },
    { label: "Created", value: <When iso={transaction.createdAt} /> },
    { label: "Last updated", value: <When iso={transaction.updatedAt} /> },
    { label: "Settled", value: transaction.settledAt ? <When iso={transaction.settledAt} /> : "Not yet" },
    {
      label: transaction.type === "INCOMING" ? "Recipient (our customer)" : "Sender (our customer)",
      value: transaction.customerId ? (
        <span className="flex flex-col gap-0.5">
          <Link href={customerHref(transaction.customerId)} className={idLinkClasses}>
            {transaction.customerId}
          </Link>
          <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">
            {transaction.platformCustomerId}
          </span>
        </span>
      ) : (
        "The platform"
      ),
    },
    { label: "From", value: source ? <IdValue value={source} label="source" /> : "—" },
    { label: "To", value: destination ? <IdValue value={destination} label="destination" /> : "—" },
  ];
  if (transaction.quoteId) {
    rows.push({
      label: "Quote",
      value: (
        <span className="inline-flex max-w-full items-center gap-1">
          <Link href={quoteHref(transaction.quoteId)} className={idLinkClasses}>
            {transaction.quoteId}
          </Link>
          <CopyButton value={transaction.quoteId} label="quote id" className="size-6 shrink-0" />
        </span>
      ),
    });
  }
  if (transaction.originalTransactionId) {
    rows.push({
      label: "Retry of",
      value: (
        <Link href={transactionHref(transaction.originalTransactionId)} className={idLinkClasses}>
          {transaction.originalTransactionId}
        </Link>
      ),
    });
  }
  if (transaction.description) rows.push({ label: "Memo", value: transaction.description });
  return rows;
}

/** One transaction: what moved, at what rate, between whom, how it got to its status, and what to do now. */
export function TransactionDetail({ transactionId }: { transactionId: string }) {
  const query = useQuery(transactionQuery(transactionId));
  const events = useQuery(transactionEventsQuery(transactionId));
  const crumbs = (
    <PageBreadcrumbs items={[{ label: "Transactions", href: "/transactions" }, { label: transactionId }]} />
  );

  if (query.isPending) {
    return (
      <>
        {crumbs}
        <PageHeader title="Transaction" description={transactionId} />
        <LoadingState label="Loading the transaction" rows={6} columns={2} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {crumbs}
        <PageHeader title="Transaction" description={transactionId} />
        <ErrorState
          title={
            errorStatus(query.error) === 404
              ? "No transaction has this id"
              : "The transaction could not be loaded"
          }
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </>
    );
  }

  const transaction = query.data;
  const timeline = buildTimeline(transaction, events.data?.data ?? [], events.data?.decisions);
  const counterparty = transaction.counterpartyInformation ?? events.data?.counterpartyInformation ?? {};
  const counterpartyEntries = Object.entries(counterparty);
  const incoming = transaction.type === "INCOMING";
  const reference = transaction.reconciliationInstructions?.reference;

  return (
    <>
      {crumbs}
      <PageHeader
        title={
          <span className="flex flex-wrap items-baseline gap-x-3">
            {headline(transaction)}
            <span className="text-base font-normal text-zinc-500 dark:text-zinc-400">
              {incoming ? "incoming payment" : "outgoing payment"}
            </span>
          </span>
        }
        description={transaction.description}
      >
        <StatusBadge status={transaction.status} />
        <IdValue value={transaction.id} label="transaction id" className="text-zinc-600 dark:text-zinc-400" />
      </PageHeader>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          {transaction.status === "FAILED" ? (
            <FailureNotice
              reason={transaction.failureReason}
              detail={textField(transaction, "failureDetail")}
              type={transaction.type}
            />
          ) : null}
          {transaction.status === "REJECTED" ? (
            <section
              aria-labelledby="rejected-heading"
              className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
            >
              <h2 id="rejected-heading" className="font-semibold">
                This payment was rejected
              </h2>
              <p className="mt-1">
                {textField(transaction, "rejectionReason")
                  ? `Reason given: ${textField(transaction, "rejectionReason")}`
                  : "No reason was recorded."}
              </p>
              <p className="mt-1">Nothing was credited.</p>
            </section>
          ) : null}
          {incoming && transaction.status === "PENDING" ? (
            <TransactionDecision transaction={transaction} events={events.data} />
          ) : null}

          <Card aria-labelledby="amounts-heading">
            <CardHeader>
              <CardTitle id="amounts-heading">Amounts</CardTitle>
            </CardHeader>
            <CardContent>
              <DetailList rows={amountRows(transaction)} />
            </CardContent>
          </Card>

          <Card aria-labelledby="rate-heading">
            <CardHeader>
              <div>
                <CardTitle id="rate-heading">Rate details</CardTitle>
                <CardDescription>How the rate and the fees were built.</CardDescription>
              </div>
            </CardHeader>
            <CardContent>
              <RateDetailsList
                details={transaction.rateDetails}
                sendingCurrency={transaction.sentAmount?.currency}
              />
            </CardContent>
          </Card>

          <Card aria-labelledby="timeline-heading">
            <CardHeader>
              <div>
                <CardTitle id="timeline-heading">Status timeline</CardTitle>
                <CardDescription>
                  From the webhooks this console received about the payment, and who decided on it here.
                </CardDescription>
              </div>
            </CardHeader>
            <CardContent>
              {events.isError ? (
                <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-400">
                  The webhooks could not be loaded; only what the payment API's record says is shown.
                </p>
              ) : null}
              <TransactionTimeline entries={timeline} />
            </CardContent>
          </Card>
        </div>

        <div className="flex flex-col gap-6">
          <Card aria-labelledby="details-heading">
            <CardHeader>
              <CardTitle id="details-heading">Details</CardTitle>
            </CardHeader>
            <CardContent>
              <DetailList rows={detailRows(transaction)} layout="stacked" />
            </CardContent>
          </Card>

          <Card aria-labelledby="reconciliation-heading">
            <CardHeader>
              <div>
                <CardTitle id="reconciliation-heading">Reconciliation</CardTitle>
                <CardDescription>Match this payment in your books by its reference.</CardDescription>
              </div>
            </CardHeader>
            <CardContent>
              {reference ? (
                <IdValue value={reference} label="reconciliation reference" className="text-sm" />
              ) : (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  No reference yet: the API gives one once the payment leaves the Created status.
                </p>
              )}
            </CardContent>
          </Card>

          <Card aria-labelledby="counterparty-heading">
            <CardHeader>
              <div>
                <CardTitle id="counterparty-heading">Counterparty</CardTitle>
                <CardDescription>
                  {incoming ? "What the sender's institution shared." : "What the receiver's side shared."}
                </CardDescription>
              </div>
            </CardHeader>
            <CardContent>
              {counterpartyEntries.length > 0 ? (
                <DetailList
                  layout="stacked"
                  rows={counterpartyEntries.map(([name, value]) => ({ label: fieldLabel(name), value }))}
                />
              ) : (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  No counterparty information: it comes only with UMA payments that share it.
                </p>
              )}
            </CardContent>
          </Card>

          {transaction.refund ? (
            <Card aria-labelledby="refund-heading">
              <CardHeader>
                <CardTitle id="refund-heading" className="flex items-center gap-2">
                  <Undo2 aria-hidden="true" className="size-4" />
                  Refund
                </CardTitle>
              </CardHeader>
              <CardContent>
                <DetailList
                  layout="stacked"
                  rows={[
                    {
                      label: "Reference",
                      value: <IdValue value={transaction.refund.reference} label="refund reference" />,
                    },
                    { label: "Initiated", value: <When iso={transaction.refund.initiatedAt} /> },
                    {
                      label: "Settled",
                      value: transaction.refund.settledAt ? (
                        <When iso={transaction.refund.settledAt} />
                      ) : (
                        "Not yet"
                      ),
                    },
                  ]}
                />
              </CardContent>
            </Card>
          ) : null}
        </div>
      </div>
    </>
  );
}
