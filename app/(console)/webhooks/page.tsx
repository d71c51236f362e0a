import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";
import { type ListPageProps, WithFirstPage } from "@/components/shell/with-page-reads";
import { WebhooksTabs } from "@/components/webhooks/webhooks-tabs";
import { inboxRead } from "@/lib/server/page-reads/list-reads";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage({ searchParams }: ListPageProps) {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Events the payment API sent to this console, how each was verified and answered, and tools to test and debug deliveries."
      />
      {/* The inbox is the tab an empty address opens. */}
      <WithFirstPage read={inboxRead} searchParams={searchParams}>
        <WebhooksTabs />
      </WithFirstPage>
    </>
  );
}
