import type { Metadata } from "next";
import { TransactionsView } from "@/components/transactions/transactions-table";

export const metadata: Metadata = { title: "Transactions" };

export default function TransactionsPage() {
  return <TransactionsView />;
}
