"use client";

import { PermittedButton } from "@/components/auth/permitted-button";
import type { Decision } from "@/lib/universal/auth/permissions";

/**
 * A waiting payment's Reject and Approve, kept together on one line however long the refusal said beside them
 * (on the approval card and on the payment's page). Each is greyed out with its own decision's reason.
 */
export function DecisionButtons({
  reject,
  approve,
  onOpen,
  className,
}: {
  reject: Decision;
  approve: Decision;
  onOpen: (dialog: "approve" | "reject") => void;
  className?: string;
}) {
  return (
    <div className={className ?? "flex gap-2"}>
      <PermittedButton decision={reject} variant="outline" onClick={() => onOpen("reject")}>
        Reject
      </PermittedButton>
      <PermittedButton decision={approve} onClick={() => onOpen("approve")}>
        Approve
      </PermittedButton>
    </div>
  );
}
