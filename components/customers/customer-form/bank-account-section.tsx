"use client";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { BankAccountFields } from "../bank-account-fields";

/** A bank account to add as one of the customer's external accounts. */
export function BankAccountSection({ mode }: { mode: "create" | "edit" }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle>Bank account</CardTitle>
          <CardDescription>
            {mode === "create"
              ? "Optional. The account the customer is paid out to; it becomes one of their external accounts."
              : "Optional. Adds another external account to the customer; existing ones are kept."}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <BankAccountFields />
      </CardContent>
    </Card>
  );
}
