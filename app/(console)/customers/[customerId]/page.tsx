import type { Metadata } from "next";
import { CustomerDetail } from "@/components/customers/customer-detail";
import { decodeRouteParam } from "@/components/customers/route-param";

export const metadata: Metadata = { title: "Customer" };

export default async function CustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  const { customerId } = await params;
  return <CustomerDetail customerId={decodeRouteParam(customerId)} />;
}
