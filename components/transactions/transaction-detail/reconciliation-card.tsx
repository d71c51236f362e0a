"use client";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Transaction } from "@/shared/contract";
import { IdValue } from "../id-value";

/** The reference to match the payment in one's books. */
export function ReconciliationCard({ transaction }: { transaction: Transaction }) {
  const reference = transaction.reconciliationInstructions?.reference;
  return (
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
  );
}
