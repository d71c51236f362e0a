import type { Metadata } from "next";
import { ApprovalQueue } from "@/components/approvals/approval-queue";
import { EmergencyHoldBanner, EmergencyHoldSwitch } from "@/components/approvals/emergency-hold";
import { TwoApproversProposal } from "@/components/approvals/two-approvers-proposal";
import { TwoApproversThresholds } from "@/components/approvals/two-approvers-thresholds";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Approvals" };

export default function ApprovalsPage() {
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
