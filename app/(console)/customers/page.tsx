import type { Metadata } from "next";
import { CustomerList, CustomerListActions, CustomerListNotice } from "@/components/customers/customer-list";
import { PageHeader } from "@/components/shell/page-header";
import { WithPageReads } from "@/components/shell/with-page-reads";
import { customerListRead, isUnfiltered } from "@/lib/page-reads/list-reads";

export const metadata: Metadata = { title: "Customers" };

export default async function CustomersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, unknown>>;
}) {
  return (
    <>
      <PageHeader
        title="Customers"
        description="The people and businesses your platform moves money for, with their KYC status and UMA addresses."
        actions={<CustomerListActions />}
      />
      <CustomerListNotice />
      <WithPageReads reads={(await isUnfiltered(searchParams)) ? [customerListRead] : []}>
        <CustomerList />
      </WithPageReads>
    </>
  );
}
