import type { Metadata } from "next";
import { SendMoney } from "@/components/quotes/send-money";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Send money" };

export default function SendMoneyPage() {
  return (
    <>
      <PageHeader
        title="Send money"
        description="Quote a payment to lock its rate and fees, review it, and execute it before the quote expires."
      />
      <SendMoney />
    </>
  );
}
