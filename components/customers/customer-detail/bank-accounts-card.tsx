"use client";

import { AddExternalAccountDialog } from "@/components/accounts/add-external-account-dialog";
import { ExternalAccountList } from "@/components/accounts/external-account-list";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Decision } from "@/lib/universal/auth/permissions";
import type { Customer } from "@/shared/contract";
import { customerDisplayName } from "../customer-labels";

/** The customer's external bank accounts, with adding one. */
export function BankAccountsCard({ customer, change }: { customer: Customer; change: Decision }) {
  const name = customerDisplayName(customer);
  return (
    <Card aria-labelledby="bank-accounts-heading">
      <CardHeader className="pb-4">
        <div className="flex flex-col gap-1">
          <CardTitle id="bank-accounts-heading">Bank accounts</CardTitle>
          <CardDescription>External accounts for transfers in and out.</CardDescription>
        </div>
        <AddExternalAccountDialog customerId={customer.id} ownerLabel={name} decision={change} />
      </CardHeader>
      <ExternalAccountList customerId={customer.id} ownerLabel={name} />
    </Card>
  );
}
