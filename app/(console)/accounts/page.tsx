import type { Metadata } from "next";
import { AccountsOverview } from "@/components/accounts/accounts-overview";
import { PageHeader } from "@/components/shell/page-header";
import { WithPageReads } from "@/components/shell/with-page-reads";
import { configRead, platformAccountsRead } from "@/lib/server/page-reads/record-reads";

export const metadata: Metadata = { title: "Accounts" };

export default function AccountsPage() {
  return (
    <>
      <PageHeader
        title="Accounts"
        description="Balances of the platform and its customers, how to fund them, and transfers to and from bank accounts."
      />
      <WithPageReads reads={[platformAccountsRead, configRead]}>
        <AccountsOverview />
      </WithPageReads>
    </>
  );
}
