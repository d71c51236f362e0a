import type { Metadata } from "next";
import { connection } from "next/server";
import { Overview } from "@/components/overview/overview";
import { PageHeader } from "@/components/shell/page-header";
import { WithPageReads } from "@/components/shell/with-page-reads";
import {
  approvalSummaryRead,
  overviewBalancesRead,
  recentTransactionsRead,
} from "@/lib/server/page-reads/list-reads";
import { configRead } from "@/lib/server/page-reads/record-reads";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  await connection();
  // Every read within the page reads' budget (lib/server/page-reads/page-read.ts): a payment API that does not answer
  // leaves its cards to the browser, and never holds the page back for its whole time-out.
  return (
    <>
      <PageHeader title="Overview" description="Your platform on the payment API, at a glance." />
      <WithPageReads reads={[overviewBalancesRead, approvalSummaryRead, recentTransactionsRead, configRead]}>
        <Overview />
      </WithPageReads>
    </>
  );
}
