import type { Metadata } from "next";
import { CustomerDetail } from "@/components/customers/customer-detail";
import { decodeRouteParam } from "@/components/customers/route-param";
import { WithPageReads } from "@/components/shell/with-page-reads";
import { customerRead } from "@/lib/server/page-reads/record-reads";

export const metadata: Metadata = { title: "Customer" };

export default async function CustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  const { customerId } = await params;
  const id = decodeRouteParam(customerId);
  return (
    <WithPageReads reads={[customerRead(id)]}>
      <CustomerDetail customerId={id} />
    </WithPageReads>
  );
}
