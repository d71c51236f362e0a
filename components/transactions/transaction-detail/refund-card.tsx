"use client";

import { Undo2 } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Transaction } from "@/shared/contract";
import { DetailList } from "../detail-list";
import { IdValue } from "../id-value";

import { When } from "./when";

/** The refund of a payment, when there is one. */
export function RefundCard({ transaction }: { transaction: Transaction }) {
  const { refund } = transaction;
  if (!refund) return null;
  return (
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
              value: <IdValue value={refund.reference} label="refund reference" />,
            },
            { label: "Initiated", value: <When iso={refund.initiatedAt} /> },
            {
              label: "Settled",
              value: refund.settledAt ? <When iso={refund.settledAt} /> : "Not yet",
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}
