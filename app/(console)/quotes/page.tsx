import type { Metadata } from "next";
import { QuotesTable } from "@/components/quotes/quotes-table";
import { PageHeader } from "@/components/shell/page-header";
import { type ListPageProps, WithFirstPage } from "@/components/shell/with-page-reads";
import { quoteListRead } from "@/lib/server/page-reads/list-reads";

export const metadata: Metadata = { title: "Quotes" };

export default function QuotesPage({ searchParams }: ListPageProps) {
  return (
    <>
      <PageHeader
        title="Quotes"
        description="Each quote locks a payment's rate and fees until it expires. Filters stay in the address, so a view can be shared or reloaded."
      />
      <WithFirstPage read={quoteListRead} searchParams={searchParams}>
        <QuotesTable />
      </WithFirstPage>
    </>
  );
}
