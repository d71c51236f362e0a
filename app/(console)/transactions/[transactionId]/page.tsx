import type { Metadata } from "next";
import { WithPageReads } from "@/components/shell/with-page-reads";
import { TransactionDetail } from "@/components/transactions/transaction-detail";
import { transactionPageReads } from "@/lib/server/page-reads/record-reads";

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
  const transactionId = decoded((await params).transactionId);
  return (
    <WithPageReads reads={transactionPageReads(transactionId)}>
      <TransactionDetail transactionId={transactionId} />
    </WithPageReads>
  );
}
