import type { Metadata } from "next";
import { EditCustomer } from "@/components/customers/edit-customer";
import { decodeRouteParam } from "@/components/customers/route-param";

export const metadata: Metadata = { title: "Edit customer" };

export default async function EditCustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  const { customerId } = await params;
  return <EditCustomer customerId={decodeRouteParam(customerId)} />;
}
