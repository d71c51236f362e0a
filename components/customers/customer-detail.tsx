"use client";

import { useQuery } from "@tanstack/react-query";
import { PageBreadcrumbs } from "@/components/shell/breadcrumbs";
import { PageHeader } from "@/components/shell/page-header";
import { QueryState } from "@/components/ui/query-state";
import { LoadingState } from "@/components/ui/states";
import { customerDetailQuery } from "@/lib/client/api/customers";
import { CustomerView } from "./customer-detail/customer-view";
import { customerDisplayName, customerNotFound } from "./customer-labels";

/** The customer page: every field, KYC, accounts with balances, bank accounts, recent transactions, actions. */
export function CustomerDetail({ customerId }: { customerId: string }) {
  const query = useQuery(customerDetailQuery(customerId));
  const name = query.data ? customerDisplayName(query.data) : "Customer";
  return (
    <>
      <PageBreadcrumbs items={[{ label: "Customers", href: "/customers" }, { label: name }]} />
      <QueryState
        query={query}
        frame={(view) => (
          <>
            <PageHeader title="Customer" />
            {view}
          </>
        )}
        loading={<LoadingState label="Loading the customer" rows={6} columns={3} />}
        error={{
          title: "The customer could not be loaded",
          notFound: customerNotFound(customerId),
        }}
      >
        {(customer) => <CustomerView customer={customer} />}
      </QueryState>
    </>
  );
}
