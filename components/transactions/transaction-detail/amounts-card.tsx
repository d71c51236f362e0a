"use client";

import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import { nothingSent } from "@/lib/universal/transactions/nothing-sent";
import { describeRate } from "@/lib/universal/transactions/rate";
import type { Transaction } from "@/shared/contract";
import { DetailList, type DetailRow } from "../detail-list";

function amountRows(transaction: Transaction): DetailRow[] {
  const { sentAmount, receivedAmount, fees, exchangeRate } = transaction;
  const incoming = transaction.type === "INCOMING";
  // A failed or expired outgoing payment sent nothing: its amounts are what it was to send and deliver.
  const unsent = nothingSent(transaction);
  const rows: DetailRow[] = [
    {
      label: incoming ? "Sender paid" : unsent ? "Was to send" : "We sent",
      hint: unsent
        ? "Nothing was sent; in the sending currency, fees included"
        : "In the sending currency, fees included",
      value: sentAmount ? <Money amount={sentAmount.amount} currency={sentAmount.currency} /> : "Not stated",
    },
    {
      label: "Fees",
      hint: unsent
        ? "None charged; would have been included in the amount sent"
        : "Included in the amount sent",
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
    label: incoming ? "We received" : unsent ? "Recipient was to receive" : "Recipient receives",
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

/** What the sender paid, the fees, the rate and what the receiver gets. */
export function AmountsCard({ transaction }: { transaction: Transaction }) {
  return (
    <Card aria-labelledby="amounts-heading">
      <CardHeader>
        <CardTitle id="amounts-heading">Amounts</CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList rows={amountRows(transaction)} />
      </CardContent>
    </Card>
  );
}
