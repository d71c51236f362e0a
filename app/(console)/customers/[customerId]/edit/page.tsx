import type { Metadata } from "next";
import { EditCustomer } from "@/components/customers/edit-customer";
import { decodeRouteParam } from "@/components/customers/route-param";
import { WithPageReads } from "@/components/shell/with-page-reads";
import { configRead, customerRead } from "@/lib/server/page-reads/record-reads";

export const metadata: Metadata = { title: "Edit customer" };

export default async function EditCustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  const { customerId } = await params;
  const id = decodeRouteParam(customerId);
  return (
    <WithPageReads reads={[customerRead(id), configRead]}>
      <EditCustomer customerId={id} />
    </WithPageReads>
  );
}
