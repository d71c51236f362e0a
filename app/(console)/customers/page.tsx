import type { Metadata } from "next";
import { CustomerList, CustomerListActions, CustomerListNotice } from "@/components/customers/customer-list";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Customers" };

export default function CustomersPage() {
  return (
    <>
      <PageHeader
        title="Customers"
        description="The people and businesses your platform moves money for, with their KYC status and UMA addresses."
        actions={<CustomerListActions />}
      />
      <CustomerListNotice />
      <CustomerList />
    </>
  );
}
