import type { Metadata } from "next";
import { type ListPageProps, WithFirstPage } from "@/components/shell/with-page-reads";
import { TransactionsView } from "@/components/transactions/transactions-table";
import { transactionListRead } from "@/lib/server/page-reads/list-reads";

export const metadata: Metadata = { title: "Transactions" };

export default function TransactionsPage({ searchParams }: ListPageProps) {
  return (
    <WithFirstPage read={transactionListRead} searchParams={searchParams}>
      <TransactionsView />
    </WithFirstPage>
  );
}
