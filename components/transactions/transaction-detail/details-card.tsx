"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Link } from "@/components/ui/link";
import { namesQuery } from "@/lib/client/api/names";
import { isDeletedCustomer, type NamedRecord } from "@/lib/universal/names/labels";
import type { Transaction } from "@/shared/contract";
import { DetailList, type DetailRow } from "../detail-list";
import { DirectionLabel } from "../direction-label";
import { IdValue } from "../id-value";
import { customerHref, idLinkClasses, nameLinkClasses, quoteHref, transactionHref } from "../links";
import { endpointOf, unsettledText } from "./transaction-fields";
import { When } from "./when";

type NameOf = (id: string) => NamedRecord | undefined;

/** An account or UMA address with the name the console knows it by above it ("Ana López's MXN account"). */
function EndpointValue({ id, label, named }: { id: string; label: string; named: NamedRecord | undefined }) {
  const owner =
    named && named.kind !== "platform-account" && named.kind !== "customer" ? named.customerId : undefined;
  return (
    <span className="flex flex-col gap-0.5">
      {named ? (
        owner ? (
          <Link href={customerHref(owner)} className={nameLinkClasses}>
            {named.name}
          </Link>
        ) : (
          <span className="text-sm">{named.name}</span>
        )
      ) : null}
      <IdValue value={id} label={label} />
    </span>
  );
}

function detailRows(transaction: Transaction, nameOf: NameOf): DetailRow[] {
  const source = endpointOf(transaction.source);
  const destination = endpointOf(transaction.destination);
  const rows: DetailRow[] = [
    { label: "Transaction ID", value: <IdValue value={transaction.id} label="transaction id" /> },
    { label: "Direction", value: <DirectionLabel type={transaction.type} /> },
    { label: "Created", value: <When iso={transaction.createdAt} /> },
    { label: "Last updated", value: <When iso={transaction.updatedAt} /> },
    {
      label: "Settled",
      value: transaction.settledAt ? <When iso={transaction.settledAt} /> : unsettledText(transaction.status),
    },
    {
      label: transaction.type === "INCOMING" ? "Recipient (our customer)" : "Sender (our customer)",
      value: transaction.customerId ? (
        <span className="flex flex-col gap-0.5">
          <span className="flex flex-wrap items-center gap-2">
            <Link href={customerHref(transaction.customerId)} className={nameLinkClasses}>
              {nameOf(transaction.customerId)?.name ?? transaction.customerId}
            </Link>
            {isDeletedCustomer(nameOf(transaction.customerId)) ? (
              <Badge variant="danger">Deleted</Badge>
            ) : null}
          </span>
          <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">
            {[
              nameOf(transaction.customerId) ? transaction.customerId : undefined,
              transaction.platformCustomerId,
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
        </span>
      ) : (
        "The platform"
      ),
    },
    {
      label: "From",
      value: source ? <EndpointValue id={source} label="source" named={nameOf(source)} /> : "—",
    },
    {
      label: "To",
      value: destination ? (
        <EndpointValue id={destination} label="destination" named={nameOf(destination)} />
      ) : (
        "—"
      ),
    },
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
  // One request names the customer and both endpoints (GET /api/names); until it answers, the ids stand alone.
  const ids = [
    transaction.customerId,
    endpointOf(transaction.source),
    endpointOf(transaction.destination),
  ].filter((id): id is string => typeof id === "string" && !id.startsWith("$"));
  const names = useQuery(namesQuery([...new Set(ids)].sort())).data?.names ?? {};
  const nameOf: NameOf = (id) => names[id];
  return (
    <Card aria-labelledby="details-heading">
      <CardHeader>
        <CardTitle id="details-heading">Details</CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList rows={detailRows(transaction, nameOf)} layout="stacked" />
      </CardContent>
    </Card>
  );
}
