import type { Metadata } from "next";
import { NewCustomer } from "@/components/customers/new-customer";
import { PageBreadcrumbs } from "@/components/shell/breadcrumbs";
import { PageHeader } from "@/components/shell/page-header";
import { WithPageReads } from "@/components/shell/with-page-reads";
import { configRead } from "@/lib/server/page-reads/record-reads";

export const metadata: Metadata = { title: "New customer" };

export default function NewCustomerPage() {
  return (
    <>
      <PageBreadcrumbs items={[{ label: "Customers", href: "/customers" }, { label: "New customer" }]} />
      <PageHeader
        title="New customer"
        description="An individual or a business your platform moves money for. It gets an internal account in every supported currency."
      />
      <WithPageReads reads={[configRead]}>
        <NewCustomer />
      </WithPageReads>
    </>
  );
}
