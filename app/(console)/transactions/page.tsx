import type { Metadata } from "next";
import { WithPageReads } from "@/components/shell/with-page-reads";
import { TransactionsView } from "@/components/transactions/transactions-table";
import { isUnfiltered, transactionListRead } from "@/lib/page-reads/list-reads";

export const metadata: Metadata = { title: "Transactions" };

export default async function TransactionsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, unknown>>;
}) {
  return (
    <WithPageReads reads={(await isUnfiltered(searchParams)) ? [transactionListRead] : []}>
      <TransactionsView />
    </WithPageReads>
  );
}
