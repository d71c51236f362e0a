import type { Metadata } from "next";
import { QuotesTable } from "@/components/quotes/quotes-table";
import { PageHeader } from "@/components/shell/page-header";
import { WithPageReads } from "@/components/shell/with-page-reads";
import { isUnfiltered, quoteListRead } from "@/lib/page-reads/list-reads";

export const metadata: Metadata = { title: "Quotes" };

export default async function QuotesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, unknown>>;
}) {
  return (
    <>
      <PageHeader
        title="Quotes"
        description="Each quote locks a payment's rate and fees until it expires. Filters stay in the address, so a view can be shared or reloaded."
      />
      <WithPageReads reads={(await isUnfiltered(searchParams)) ? [quoteListRead] : []}>
        <QuotesTable />
      </WithPageReads>
    </>
  );
}
