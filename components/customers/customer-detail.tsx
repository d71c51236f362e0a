"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeftRight, Pencil, Trash2, TriangleAlert, Wallet } from "lucide-react";
import Link from "next/link";
import * as React from "react";
import { AccountActions } from "@/components/accounts/account-actions";
import { AddExternalAccountDialog } from "@/components/accounts/add-external-account-dialog";
import { byConfiguredCurrency } from "@/components/accounts/currency-order";
import { ExternalAccountList } from "@/components/accounts/external-account-list";
import { PermissionNotice } from "@/components/auth/permission-notice";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { PermittedLink } from "@/components/auth/permitted-link";
import { PageBreadcrumbs } from "@/components/shell/breadcrumbs";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { Money } from "@/components/ui/money";
import { RelativeTime } from "@/components/ui/relative-time";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import type { Decision } from "@/lib/auth/permissions";
import { customerInternalAccountsQuery } from "@/lib/payments/accounts";
import { configQuery } from "@/lib/payments/config";
import {
  customerDetailQuery,
  customerTransactionsQuery,
  deleteCustomer,
  providerRequirements,
} from "@/lib/payments/customers";
import { queryKeys } from "@/lib/payments/keys";
import { ApiError } from "@/shared/api-error";
import type { Customer, Transaction } from "@/shared/contract";
import { missingProviderRequiredFields } from "@/shared/contract/user-info-fields";
import {
  addressLines,
  CUSTOMER_TYPE_LABELS,
  countryName,
  customerDisplayName,
  formatCalendarDay,
  USER_INFO_FIELD_LABELS,
} from "./customer-labels";
import { KycLinkDialog } from "./kyc-link-dialog";

/** The customer page: every field, KYC, accounts with balances, bank accounts, recent transactions, actions. */
export function CustomerDetail({ customerId }: { customerId: string }) {
  const query = useQuery(customerDetailQuery(customerId));
  const name = query.data ? customerDisplayName(query.data) : "Customer";
  return (
    <>
      <PageBreadcrumbs items={[{ label: "Customers", href: "/customers" }, { label: name }]} />
      {query.isPending ? (
        <>
          <PageHeader title="Customer" />
          <LoadingState label="Loading the customer" rows={6} columns={3} />
        </>
      ) : query.isError ? (
        <>
          <PageHeader title="Customer" />
          <ErrorState
            title={
              query.error instanceof ApiError && query.error.status === 404
                ? "This customer does not exist"
                : "The customer could not be loaded"
            }
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </>
      ) : (
        <CustomerView customer={query.data} />
      )}
    </>
  );
}

function CustomerView({ customer }: { customer: Customer }) {
  const write = usePermission("customers.write");
  const move = usePermission("money.move");
  const sandbox = usePermission("sandbox.use");
  const name = customerDisplayName(customer);
  const deletedReason = "This customer is deleted.";
  const change: Decision =
    write.allowed && customer.isDeleted ? { allowed: false, reason: deletedReason } : write;
  const [confirmDelete, setConfirmDelete] = React.useState(false);
  const queryClient = useQueryClient();

  const remove = async () => {
    try {
      const deleted = await deleteCustomer(customer.id);
      queryClient.setQueryData(queryKeys.customer(customer.id), deleted);
      void queryClient.invalidateQueries({ queryKey: queryKeys.customers });
      toast.success(`Deleted ${name}`, { description: "It stays on record, marked deleted." });
    } catch (error) {
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
            <PermittedButton variant="destructive" decision={change} onClick={() => setConfirmDelete(true)}>
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
        description="The customer is marked deleted: it leaves the customer list, its UMA address becomes free for someone else, and it can no longer be edited or move money. Its accounts and transactions stay on record. This cannot be undone."
        confirmLabel="Delete customer"
        pendingLabel="Deleting…"
        destructive
        onConfirm={remove}
      />

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
      <PermissionNotice
        className="mb-4"
        reasons={[
          write.allowed ? undefined : write.reason,
          move.allowed ? undefined : `Transfers: ${move.reason}`,
          sandbox.allowed ? undefined : `Funding: ${sandbox.reason}`,
        ]}
      />

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6">
          <DetailsCard customer={customer} />
          <RequirementsCheck customer={customer} />
        </div>
        <div className="flex flex-col gap-6 lg:col-span-2">
          <InternalAccountsCard customer={customer} />
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
          <TransactionsCard customer={customer} />
        </div>
      </div>
    </>
  );
}

function Field({
  label,
  children,
  mono = false,
}: {
  label: string;
  children: React.ReactNode;
  mono?: boolean;
}) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
        {label}
      </dt>
      <dd className={mono ? "font-mono text-xs leading-5 break-all" : "text-sm"}>{children}</dd>
    </div>
  );
}

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <span className="flex items-start justify-between gap-2">
      <span className="min-w-0 break-all">{value}</span>
      <CopyButton value={value} label={label} className="-mt-1.5 shrink-0" />
    </span>
  );
}

const missing = <span className="text-zinc-500 dark:text-zinc-400">Not given</span>;

function DetailsCard({ customer }: { customer: Customer }) {
  const lines = addressLines(customer.address);
  return (
    <Card aria-labelledby="details-heading">
      <CardHeader>
        <CardTitle id="details-heading">Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-4">
          <Field label="Customer id" mono>
            <Copyable value={customer.id} label="customer id" />
          </Field>
          <Field label="Platform customer id" mono>
            <Copyable value={customer.platformCustomerId} label="platform customer id" />
          </Field>
          <Field label="UMA address" mono>
            <Copyable value={customer.umaAddress} label="UMA address" />
          </Field>
          <Field label="KYC status">
            <StatusBadge status={customer.kycStatus} />
          </Field>
          {customer.customerType === "INDIVIDUAL" ? (
            <>
              <Field label="Full legal name">{customer.fullName || missing}</Field>
              <Field label="Date of birth">
                {customer.birthDate ? formatCalendarDay(customer.birthDate) : missing}
              </Field>
              <Field label="Nationality">
                {customer.nationality
                  ? `${countryName(customer.nationality)} (${customer.nationality})`
                  : missing}
              </Field>
            </>
          ) : (
            <>
              <Field label="Legal name">{customer.businessInfo?.legalName || missing}</Field>
              <Field label="Registration number">
                {customer.businessInfo?.registrationNumber || missing}
              </Field>
              <Field label="Tax ID">{customer.businessInfo?.taxId || missing}</Field>
            </>
          )}
          <Field label="Address">
            {lines.length > 0 ? (
              <address className="not-italic">
                {lines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            ) : (
              missing
            )}
          </Field>
          <Field label="Created">
            <RelativeTime date={customer.createdAt} />
          </Field>
          <Field label="Updated">
            <RelativeTime date={customer.updatedAt} />
          </Field>
        </dl>
      </CardContent>
    </Card>
  );
}

/** What the platform's currencies require that this customer lacks: money in those currencies would be refused. */
function RequirementsCheck({ customer }: { customer: Customer }) {
  const config = useQuery(configQuery());
  if (!config.data || customer.isDeleted) return null;
  const requirements = providerRequirements(config.data);
  const lacking = missingProviderRequiredFields(customer, [...requirements.keys()]);
  if (lacking.length === 0) return null;
  return (
    <div
      role="note"
      className="flex gap-2.5 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">Missing information the platform's currencies require</p>
        <ul className="list-disc pl-4">
          {lacking.map((field) => (
            <li key={field}>
              {USER_INFO_FIELD_LABELS[field]}: required for {(requirements.get(field) ?? []).join(", ")}
            </li>
          ))}
        </ul>
        <p>Editing this customer requires adding it.</p>
      </div>
    </div>
  );
}

function InternalAccountsCard({ customer }: { customer: Customer }) {
  const query = useQuery(customerInternalAccountsQuery({ customerId: customer.id, limit: 100 }));
  const config = useQuery(configQuery());
  const name = customerDisplayName(customer);
  const order = config.data?.supportedCurrencies.map((entry) => entry.currencyCode) ?? [];
  const accounts = [...(query.data?.data ?? [])].sort(byConfiguredCurrency(order));
  return (
    <Card aria-labelledby="balances-heading">
      <CardHeader className="pb-4">
        <div className="flex flex-col gap-1">
          <CardTitle id="balances-heading">Balances</CardTitle>
          <CardDescription>One internal account per supported currency.</CardDescription>
        </div>
      </CardHeader>
      {query.isPending ? (
        <LoadingState label="Loading balances" rows={3} columns={4} />
      ) : query.isError ? (
        <ErrorState
          title="Balances could not be loaded"
          headingLevel="h3"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={Wallet}
          headingLevel="h3"
          title="No internal accounts"
          description="The customer holds no balance in any currency."
        />
      ) : (
        <Table aria-labelledby="balances-heading">
          <TableHeader>
            <TableRow>
              <TableHead>Account</TableHead>
              <TableHead className="text-right">Balance</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {accounts.map((account) => (
              <TableRow key={account.id}>
                <TableCell className="max-w-0 w-full">
                  <span className="font-medium">{account.balance.currency.code}</span>{" "}
                  <span className="text-zinc-500 dark:text-zinc-400">· {account.balance.currency.name}</span>
                  <span className="flex min-w-0 items-center gap-1 font-mono text-xs text-zinc-500 dark:text-zinc-400">
                    <span className="min-w-0 truncate" title={account.id}>
                      {account.id}
                    </span>
                    <CopyButton
                      value={account.id}
                      label={`${account.balance.currency.code} account id`}
                      className="size-6"
                    />
                  </span>
                </TableCell>
                <TableCell className="text-right text-base font-semibold whitespace-nowrap">
                  <Money amount={account.balance.amount} currency={account.balance.currency} />
                </TableCell>
                <TableCell>
                  <AccountActions account={account} ownerLabel={name} customer={customer} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}

function transactionAmount(transaction: Transaction) {
  const amount = transaction.type === "INCOMING" ? transaction.receivedAmount : transaction.sentAmount;
  return amount ?? transaction.receivedAmount ?? transaction.sentAmount;
}

function TransactionsCard({ customer }: { customer: Customer }) {
  const query = useQuery(customerTransactionsQuery(customer.id));
  const allHref = `/transactions?customerId=${encodeURIComponent(customer.id)}`;
  return (
    <Card aria-labelledby="transactions-heading">
      <CardHeader className="pb-4">
        <div className="flex flex-col gap-1">
          <CardTitle id="transactions-heading">Recent transactions</CardTitle>
          <CardDescription>The latest payments and transfers to and from this customer.</CardDescription>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link href={allHref}>View all</Link>
        </Button>
      </CardHeader>
      {query.isPending ? (
        <LoadingState label="Loading transactions" rows={3} columns={4} />
      ) : query.isError ? (
        <ErrorState
          title="Transactions could not be loaded"
          headingLevel="h3"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={ArrowLeftRight}
          headingLevel="h3"
          title="No transactions yet"
          description="Payments and transfers of this customer appear here."
        />
      ) : (
        <Table aria-labelledby="transactions-heading">
          <TableHeader>
            <TableRow>
              <TableHead>Transaction</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Created</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {query.data.data.map((transaction) => {
              const amount = transactionAmount(transaction);
              return (
                <TableRow key={transaction.id}>
                  <TableCell>
                    <Link
                      href={`/transactions/${encodeURIComponent(transaction.id)}`}
                      className="font-mono text-xs hover:underline"
                    >
                      {transaction.id}
                    </Link>
                    <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                      {transaction.type === "INCOMING" ? "Incoming" : "Outgoing"}
                      {transaction.description ? ` · ${transaction.description}` : ""}
                    </span>
                  </TableCell>
                  <TableCell>
                    <StatusBadge status={transaction.status} />
                  </TableCell>
                  <TableCell className="text-right">
                    {amount ? (
                      <Money
                        amount={transaction.type === "OUTGOING" ? -amount.amount : amount.amount}
                        currency={amount.currency}
                        signDisplay="exceptZero"
                        className={
                          transaction.type === "INCOMING"
                            ? "text-emerald-700 dark:text-emerald-400"
                            : undefined
                        }
                      />
                    ) : (
                      "—"
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                    {transaction.createdAt ? <RelativeTime date={transaction.createdAt} /> : "—"}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
