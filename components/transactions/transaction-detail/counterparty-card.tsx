"use client";

import { CounterpartyValue } from "@/components/privacy/counterparty-value";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { TransactionEvents } from "@/lib/client/api/transactions";
import { maskedFieldsOf } from "@/lib/universal/privacy/mask-transaction";
import type { Transaction } from "@/shared/contract";
import { DetailList } from "../detail-list";
import { fieldLabel } from "./transaction-fields";

/** What the other side's institution shared. */
export function CounterpartyCard({
  transaction,
  events,
}: {
  transaction: Transaction;
  events: TransactionEvents | undefined;
}) {
  const incoming = transaction.type === "INCOMING";
  // Sent to a UMA address: another institution, which may share what it knows of its receiver.
  const toUma = transaction.destination.destinationType === "UMA_ADDRESS";
  const fromApi = transaction.counterpartyInformation !== undefined;
  const counterparty = transaction.counterpartyInformation ?? events?.counterpartyInformation ?? {};
  const counterpartyEntries = Object.entries(counterparty);
  // Which fields the console masked for this person's role (lib/privacy), beside whichever source was shown.
  const masked = fromApi ? maskedFieldsOf(transaction) : (events?.maskedCounterpartyFields ?? []);
  return (
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
            rows={counterpartyEntries.map(([name, value]) => ({
              label: fieldLabel(name),
              value: (
                <CounterpartyValue
                  transactionId={transaction.id}
                  field={name}
                  label={fieldLabel(name)}
                  value={String(value)}
                  masked={masked.includes(name)}
                />
              ),
            }))}
          />
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {incoming
              ? "The sender's institution shared nothing about the sender with this payment."
              : toUma
                ? "The receiver's institution shared nothing about the receiver with this payment."
                : "A transfer between accounts: no other institution takes part, so none shares anything."}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
