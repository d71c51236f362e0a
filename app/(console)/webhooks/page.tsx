import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";
import { WebhooksTabs } from "@/components/webhooks/webhooks-tabs";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Events the payment API sent to this console, how each was verified and answered, and tools to test and debug deliveries."
      />
      <WebhooksTabs />
    </>
  );
}
