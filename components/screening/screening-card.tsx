"use client";

import { useQuery } from "@tanstack/react-query";
import { usePermission } from "@/components/auth/permissions-context";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { QueryState } from "@/components/ui/query-state";
import { type ScreeningSubject, subjectScreeningsQuery } from "@/lib/client/api/screening";
import { ScreeningResultView } from "./screening-results";

const WHAT = {
  payment: {
    description: "The sender against the sanctions lists in use, when the payment arrived.",
    empty: "Not screened: pending incoming payments are screened when they arrive.",
  },
  customer: {
    description:
      "The customer against the sanctions lists in use: at once when created or changed through the console, within a minute when elsewhere.",
    empty: "Not screened yet: a customer created or changed outside the console is screened within a minute.",
  },
  recipient: {
    description:
      "Who the bank account pays against the sanctions lists in use, before the first payment to it.",
    empty: "Not screened yet: an account's holder is screened when someone looks it up to pay it.",
  },
};

/** For compliance and admins: a payment's sender or a customer as screened against the watchlists. */
export function ScreeningCard({ subject }: { subject: ScreeningSubject }) {
  const read = usePermission("screening.read");
  const screenings = useQuery({ ...subjectScreeningsQuery(subject), enabled: read.allowed });
  const what = WHAT["payment" in subject ? "payment" : "customer" in subject ? "customer" : "recipient"];
  if (!read.allowed) return null;
  return (
    <Card aria-labelledby="screening-heading" id="screening">
      <CardHeader>
        <div>
          <CardTitle id="screening-heading">Screening</CardTitle>
          <CardDescription>{what.description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <QueryState
          query={screenings}
          loading="Loading the screening…"
          isEmpty={(page) => page.data.length === 0}
          empty={<p className="text-sm text-zinc-600 dark:text-zinc-400">{what.empty}</p>}
        >
          {(page) => (page.data[0] ? <ScreeningResultView record={page.data[0]} /> : null)}
        </QueryState>
      </CardContent>
    </Card>
  );
}
