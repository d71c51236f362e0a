import type { Metadata } from "next";
import { BulkImport, DownloadTemplateButton } from "@/components/bulk-import/bulk-import";
import { PageBreadcrumbs } from "@/components/shell/breadcrumbs";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Import customers" };

export default function ImportCustomersPage() {
  return (
    <>
      <PageBreadcrumbs items={[{ label: "Customers", href: "/customers" }, { label: "Import" }]} />
      <PageHeader
        title="Import customers"
        description="Create many customers from one CSV file. The first rows are checked here before anything is uploaded; the service then imports every valid row and lists the rest."
        actions={<DownloadTemplateButton />}
      />
      <BulkImport />
    </>
  );
}
