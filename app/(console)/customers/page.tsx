import type { Metadata } from "next";
import { CustomerList, CustomerListActions, CustomerListNotice } from "@/components/customers/customer-list";
import { PageHeader } from "@/components/shell/page-header";
import { type ListPageProps, WithFirstPage } from "@/components/shell/with-page-reads";
import { customerListRead } from "@/lib/server/page-reads/list-reads";

export const metadata: Metadata = { title: "Customers" };

export default function CustomersPage({ searchParams }: ListPageProps) {
  return (
    <>
      <PageHeader
        title="Customers"
        description="The people and businesses your platform moves money for, with their KYC status and UMA addresses."
        actions={<CustomerListActions />}
      />
      <CustomerListNotice />
      <WithFirstPage read={customerListRead} searchParams={searchParams}>
        <CustomerList />
      </WithFirstPage>
    </>
  );
}
