"use client";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Transaction } from "@/shared/contract";
import { RateDetailsList } from "../rate-details";

/** How the rate and the fees were built. */
export function RateCard({ transaction }: { transaction: Transaction }) {
  return (
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
          receivingCurrency={transaction.receivedAmount?.currency}
        />
      </CardContent>
    </Card>
  );
}
