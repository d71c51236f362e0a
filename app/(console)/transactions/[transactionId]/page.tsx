import type { Metadata } from "next";
import { TransactionDetail } from "@/components/transactions/transaction-detail";

type Props = { params: Promise<{ transactionId: string }> };

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Transaction ${decoded((await params).transactionId)}` };
}

export default async function TransactionPage({ params }: Props) {
  return <TransactionDetail transactionId={decoded((await params).transactionId)} />;
}
