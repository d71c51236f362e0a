import type { Metadata } from "next";
import { SendMoney } from "@/components/quotes/send-money";
import { PageHeader } from "@/components/shell/page-header";
import { WithPageReads } from "@/components/shell/with-page-reads";
import { forUsersWho } from "@/lib/server/page-reads/page-read";
import { configRead, platformAccountsRead } from "@/lib/server/page-reads/record-reads";

export const metadata: Metadata = { title: "Send money" };

export default function SendMoneyPage() {
  return (
    <>
      <PageHeader
        title="Send money"
        description="Quote a payment to lock its rate and fees, review it, and execute it before the quote expires."
      />
      <WithPageReads reads={forUsersWho("money.move", [platformAccountsRead, configRead])}>
        <SendMoney />
      </WithPageReads>
    </>
  );
}
