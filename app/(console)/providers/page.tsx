import type { Metadata } from "next";
import { ProvidersTable } from "@/components/providers/providers-table";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "UMA providers" };

export default function ProvidersPage() {
  return (
    <>
      <PageHeader
        title="UMA providers"
        description="The institutions this platform can pay over UMA, with the regions and currencies each serves, and the ones on its block list."
      />
      <ProvidersTable />
    </>
  );
}
