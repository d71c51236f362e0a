"use client";

import { Trash2 } from "lucide-react";
import { PermissionNotice } from "@/components/auth/permission-notice";
import { useExistsHere, usePermission } from "@/components/auth/permissions-context";
import { ScreeningCard } from "@/components/screening/screening-card";
import { RelativeTime } from "@/components/ui/relative-time";
import type { Decision } from "@/lib/universal/auth/permissions";
import type { Customer } from "@/shared/contract";
import { InternalAccountsCard } from "./balances-card";
import { BankAccountsCard } from "./bank-accounts-card";
import { CustomerHeader } from "./customer-header";
import { DetailsCard } from "./details-card";
import { TransactionsCard } from "./recent-transactions-card";
import { RequirementsCheck } from "./requirements-check";
import { CustomerScreeningNotice } from "./screening-notice";

/** A loaded customer: header and actions, notices, details, balances, bank accounts and recent transactions. */
export function CustomerView({ customer }: { customer: Customer }) {
  const write = usePermission("customers.write");
  const move = usePermission("money.move");
  const sandbox = usePermission("sandbox.use");
  const fundingExists = useExistsHere("sandbox.use");
  const decideMatches = usePermission("screening.decide");
  const deletedReason = "This customer is deleted.";
  const change: Decision =
    write.allowed && customer.isDeleted ? { allowed: false, reason: deletedReason } : write;

  return (
    <>
      <CustomerHeader customer={customer} change={change} />

      {customer.isDeleted ? (
        <p
          role="status"
          className="mb-4 flex items-center gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <Trash2 aria-hidden="true" className="size-4 shrink-0" />
          <span>
            This customer was deleted <RelativeTime date={customer.updatedAt} />. It is shown for the record
            and cannot change.
          </span>
        </p>
      ) : null}
      {customer.isDeleted ? null : <CustomerScreeningNotice customerId={customer.id} />}
      <PermissionNotice
        className="mb-4"
        partial={write.allowed || move.allowed || (sandbox.allowed && fundingExists) || decideMatches.allowed}
        reasons={[
          write.allowed ? undefined : write.reason,
          move.allowed ? undefined : `Transfers: ${move.reason}`,
          sandbox.allowed || !fundingExists ? undefined : `Funding: ${sandbox.reason}`,
        ]}
      />

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6">
          <DetailsCard customer={customer} />
          <RequirementsCheck customer={customer} />
        </div>
        <div className="flex flex-col gap-6 lg:col-span-2">
          <InternalAccountsCard customer={customer} />
          {/* In the wide column: a potential match's comparison table needs the room (it overflowed the narrow one). */}
          <ScreeningCard subject={{ customer: customer.id }} />
          <BankAccountsCard customer={customer} change={change} />
          <TransactionsCard customer={customer} />
        </div>
      </div>
    </>
  );
}
