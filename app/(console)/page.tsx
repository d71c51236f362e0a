import type { Metadata } from "next";
import { connection } from "next/server";
import { Overview } from "@/components/overview/overview";
import { PlatformSummary } from "@/components/overview/platform-summary";
import { PageHeader } from "@/components/shell/page-header";
import { WithPageReads } from "@/components/shell/with-page-reads";
import { ErrorState } from "@/components/ui/states";
import {
  approvalSummaryRead,
  overviewBalancesRead,
  recentTransactionsRead,
} from "@/lib/server/page-reads/list-reads";
import { readPaymentApi } from "@/lib/server/payment-api/read";
import { platformConfigSchema } from "@/shared/contract";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  await connection();
  const config = await readPaymentApi("/config", platformConfigSchema);
  return (
    <>
      <PageHeader title="Overview" description="Your platform on the payment API, at a glance." />
      <WithPageReads reads={[overviewBalancesRead, approvalSummaryRead, recentTransactionsRead]}>
        <Overview
          platform={
            config.ok ? (
              <PlatformSummary config={config.data} />
            ) : (
              <section
                aria-label="Platform"
                className="rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
              >
                <ErrorState
                  title="The platform configuration could not be loaded"
                  error={{ message: config.message, code: config.code }}
                />
              </section>
            )
          }
        />
      </WithPageReads>
    </>
  );
}
