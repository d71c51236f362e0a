import type { Metadata } from "next";
import { preload } from "react-dom";
import { ApprovalQueue } from "@/components/approvals/approval-queue";
import { EmergencyHoldBanner, EmergencyHoldSwitch } from "@/components/approvals/emergency-hold";
import { TwoApproversProposal } from "@/components/approvals/two-approvers-proposal";
import { TwoApproversThresholds } from "@/components/approvals/two-approvers-thresholds";
import { PageHeader } from "@/components/shell/page-header";
import type { ListPageProps } from "@/components/shell/with-page-reads";
import { FIRST_QUEUE_PAGE_URL } from "@/lib/universal/approvals/queue-page";

export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage({ searchParams }: ListPageProps) {
  // Opened with nothing in its address (as from the navigation), the queue will ask for its first page: the browser
  // asks for it now, while the page loads, and the queue's code finds it answered (docs/decisions/0068-…). Narrowed or
  // ordered otherwise, the queue asks for another page, so nothing is asked ahead.
  if (Object.keys(await searchParams).length === 0) {
    preload(FIRST_QUEUE_PAGE_URL, { as: "fetch", crossOrigin: "anonymous" });
  }
  return (
    <>
      <PageHeader
        title="Approvals"
        description="Incoming payments held for review. Approve with the information the sender asks about our recipient, or reject with a reason."
        actions={
          <div className="flex flex-wrap items-start gap-3">
            <EmergencyHoldSwitch />
            <TwoApproversThresholds />
          </div>
        }
      />
      <EmergencyHoldBanner />
      <TwoApproversProposal />
      <ApprovalQueue />
    </>
  );
}
