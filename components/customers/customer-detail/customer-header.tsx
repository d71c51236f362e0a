"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Trash2 } from "lucide-react";
import * as React from "react";
import { PermittedButton } from "@/components/auth/permitted-button";
import { PermittedLink } from "@/components/auth/permitted-link";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { StatusBadge } from "@/components/ui/status-badge";
import { toast } from "@/components/ui/toast";
import { customerInternalAccountsQuery } from "@/lib/client/api/accounts";
import { deleteCustomer } from "@/lib/client/api/customers";
import { queryKeys } from "@/lib/universal/api/keys";
import type { Decision } from "@/lib/universal/auth/permissions";
import { formatMinorUnits } from "@/lib/universal/money/format";
import { ApiError } from "@/shared/api-error";
import type { Customer } from "@/shared/contract";
import { CUSTOMER_TYPE_LABELS, customerDisplayName } from "../customer-labels";
import { KycLinkDialog } from "../kyc-link-dialog";

/** The customer's name, type and KYC badges, and its actions: edit, KYC link, delete (confirmed first). */
export function CustomerHeader({ customer, change }: { customer: Customer; change: Decision }) {
  const name = customerDisplayName(customer);
  const [confirmDelete, setConfirmDelete] = React.useState(false);
  const queryClient = useQueryClient();
  // The Balances card's query (the same cache entry): a customer who holds money is not deleted (the API refuses).
  const accounts = useQuery({
    ...customerInternalAccountsQuery({ customerId: customer.id, limit: 100 }),
    enabled: change.allowed && !customer.isDeleted,
  });
  const held = (accounts.data?.data ?? []).filter((account) => account.balance.amount > 0);
  const deletable: Decision =
    change.allowed && held.length > 0
      ? {
          allowed: false,
          reason: `${name} still holds ${held
            .map((account) => formatMinorUnits(account.balance.amount, account.balance.currency))
            .join(" and ")}: pay it out before deleting.`,
        }
      : change;

  const remove = async () => {
    try {
      const deleted = await deleteCustomer(customer.id);
      queryClient.setQueryData(queryKeys.customer(customer.id), deleted);
      void queryClient.invalidateQueries({ queryKey: queryKeys.customers });
      toast.success(`Deleted ${name}`, { description: "It stays on record, marked deleted." });
    } catch (error) {
      // Deleted meanwhile (another tab, another admin): the page shows the customer as it is now.
      if (error instanceof ApiError && error.status === 410) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.customer(customer.id) });
      }
      toast.error("The customer could not be deleted", {
        description: error instanceof Error ? error.message : undefined,
      });
      throw error;
    }
  };

  return (
    <>
      <PageHeader
        title={name}
        actions={
          <>
            <PermittedLink
              decision={change}
              href={`/customers/${encodeURIComponent(customer.id)}/edit`}
              variant="outline"
            >
              <Pencil aria-hidden="true" />
              Edit
            </PermittedLink>
            <KycLinkDialog platformCustomerId={customer.platformCustomerId} decision={change} />
            <PermittedButton
              variant="destructive"
              decision={deletable}
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </PermittedButton>
          </>
        }
      >
        <Badge variant="outline">{CUSTOMER_TYPE_LABELS[customer.customerType]}</Badge>
        <StatusBadge status={customer.kycStatus} />
        {customer.isDeleted ? (
          <Badge variant="danger">
            <Trash2 aria-hidden="true" />
            Deleted
          </Badge>
        ) : null}
      </PageHeader>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${name}?`}
        description="The customer is marked deleted: it leaves the customer list, its UMA address becomes free for someone else, and it can no longer be edited or move money. Its accounts and transactions stay on record. A customer who still holds money, or has a payout under way, is not deleted: pay it out first. This cannot be undone."
        confirmLabel="Delete customer"
        pendingLabel="Deleting…"
        destructive
        onConfirm={remove}
      />
    </>
  );
}
