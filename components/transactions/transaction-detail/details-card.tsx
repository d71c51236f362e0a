"use client";

import Link from "next/link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import type { Transaction } from "@/shared/contract";
import { DetailList, type DetailRow } from "../detail-list";
import { DirectionLabel } from "../direction-label";
import { IdValue } from "../id-value";
import { customerHref, idLinkClasses, quoteHref, transactionHref } from "../links";
import { endpointOf } from "./transaction-fields";
import { When } from "./when";

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

/** Ids, direction, times, the customer and the endpoints. */
export function DetailsCard({ transaction }: { transaction: Transaction }) {
  return (
    <Card aria-labelledby="details-heading">
      <CardHeader>
        <CardTitle id="details-heading">Details</CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList rows={detailRows(transaction)} layout="stacked" />
      </CardContent>
    </Card>
  );
}
