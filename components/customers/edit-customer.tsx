"use client";

import { useQuery } from "@tanstack/react-query";
import { PermissionNotice } from "@/components/auth/permission-notice";
import { usePermission } from "@/components/auth/permissions-context";
import { PageBreadcrumbs } from "@/components/shell/breadcrumbs";
import { PageHeader } from "@/components/shell/page-header";
import { QueryState } from "@/components/ui/query-state";
import { LoadingState } from "@/components/ui/states";
import { configQuery } from "@/lib/client/api/config";
import { customerDetailQuery } from "@/lib/client/api/customers";
import { CustomerForm } from "./customer-form";
import { customerDisplayName, customerNotFound } from "./customer-labels";
import { BackToCustomers } from "./new-customer";

export function EditCustomer({ customerId }: { customerId: string }) {
  const write = usePermission("customers.write");
  const customer = useQuery(customerDetailQuery(customerId));
  const config = useQuery(configQuery());
  const detailHref = `/customers/${encodeURIComponent(customerId)}`;
  const name = customer.data ? customerDisplayName(customer.data) : "Customer";

  let body: React.ReactNode;
  if (!write.allowed) {
    body = (
      <div className="flex flex-col gap-4">
        <PermissionNotice reasons={[write.reason]} />
        <BackToCustomers />
      </div>
    );
  } else {
    // The customer's failure is said first; the form waits for both.
    const loading = <LoadingState label="Loading the customer" rows={6} columns={2} />;
    body = (
      <QueryState
        query={customer}
        loading={loading}
        error={{ title: "The customer could not be loaded", notFound: customerNotFound(customerId) }}
        isEmpty={(stored) => stored.isDeleted}
        empty={
          <div className="flex flex-col gap-4">
            <PermissionNotice reasons={["This customer is deleted; a deleted customer cannot be edited."]} />
            <BackToCustomers />
          </div>
        }
      >
        {(stored) => (
          <QueryState
            query={config}
            loading={loading}
            error={{ title: "The platform's customer rules could not be loaded" }}
          >
            {(rules) => <CustomerForm mode="edit" config={rules} stored={stored} />}
          </QueryState>
        )}
      </QueryState>
    );
  }

  return (
    <>
      <PageBreadcrumbs
        items={[
          { label: "Customers", href: "/customers" },
          { label: name, href: detailHref },
          { label: "Edit" },
        ]}
      />
      <PageHeader
        title={customer.data ? `Edit ${name}` : "Edit customer"}
        description="Supplied fields replace the stored ones. The customer's type cannot change."
      />
      {body}
    </>
  );
}
