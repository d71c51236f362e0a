"use client";

import { useQuery } from "@tanstack/react-query";
import { PermissionNotice } from "@/components/auth/permission-notice";
import { usePermission } from "@/components/auth/permissions-context";
import { PageBreadcrumbs } from "@/components/shell/breadcrumbs";
import { PageHeader } from "@/components/shell/page-header";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { configQuery } from "@/lib/client/api/config";
import { customerDetailQuery } from "@/lib/client/api/customers";
import { CustomerForm } from "./customer-form";
import { customerDisplayName } from "./customer-labels";
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
  } else if (customer.isPending || config.isPending) {
    body = <LoadingState label="Loading the customer" rows={6} columns={2} />;
  } else if (customer.isError || config.isError) {
    const failed = customer.isError ? customer : config;
    body = (
      <ErrorState
        title={
          customer.isError
            ? "The customer could not be loaded"
            : "The platform's customer rules could not be loaded"
        }
        error={failed.error}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  } else if (customer.data.isDeleted) {
    body = (
      <div className="flex flex-col gap-4">
        <PermissionNotice reasons={["This customer is deleted; a deleted customer cannot be edited."]} />
        <BackToCustomers />
      </div>
    );
  } else {
    body = <CustomerForm mode="edit" config={config.data} stored={customer.data} />;
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
