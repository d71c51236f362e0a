"use client";

import { UsersRound } from "lucide-react";
import { useCallback } from "react";
import { useViewer } from "@/components/auth/permissions-context";
import { useNames } from "@/components/names/names-context";
import { Timestamp } from "@/components/ui/timestamp";
import type { PendingApproval } from "@/lib/client/api/approvals";
import { type Decision, decide } from "@/lib/universal/auth/permissions";
import { isDeletedCustomer, type NamedRecord } from "@/lib/universal/names/labels";

type Names = Readonly<Record<string, NamedRecord>>;

/**
 * Whether the viewer may approve this payment: their role, not while its sender is an open or confirmed watchlist
 * match, nor by whoever dismissed its match (decision 0090), and under the two-person rule, not a second time after
 * giving the first approval. The server refuses regardless (lib/server/relay/steps/second-approver.ts). Nor when
 * its customer was deleted while it waited (known from `names`, by default those of the NamesProvider around): the
 * payment service fails such an approval, so the sender is better told by a rejection with its reason.
 */
export function useApproveDecision(approval: PendingApproval, names?: Names): Decision {
  return useApproveDecisions(names)(approval);
}

/**
 * The same for a whole page of payments: the queue's keys, selection boxes and "Select all" offer only the payments
 * this viewer may approve (a payment they cannot approve selected, or opened by A, was refused by the server).
 */
export function useApproveDecisions(names?: Names): (approval: PendingApproval) => Decision {
  const viewer = useViewer();
  const provided = useNames().names;
  const known = names ?? provided;
  return useCallback(
    (approval: PendingApproval) =>
      approveDecision(decide(viewer.role, "approvals.decide", viewer.environment), viewer, approval, known),
    [viewer, known],
  );
}

/** Whether the payment's customer is known to have been deleted (the names say so once they have loaded). */
export function customerDeleted(id: string | undefined, names: Names): boolean {
  return isDeletedCustomer(id && Object.hasOwn(names, id) ? names[id] : undefined);
}

function approveDecision(
  decide: Decision,
  viewer: { id: string; email: string },
  approval: PendingApproval,
  names: Names,
): Decision {
  if (!decide.allowed) return decide;
  const first = approval.twoApprovers.firstBy;
  // The payment service fails an approval of a payment to a deleted customer (nothing may reach them).
  if (customerDeleted(approval.transaction.customerId, names)) {
    return {
      allowed: false,
      reason:
        "The customer was deleted while this payment waited: approving would fail it, so reject it to tell the sender why.",
    };
  }
  // The server refuses these too (lib/server/relay/steps/screening-clear.ts).
  if (approval.screening?.status === "open") {
    return {
      allowed: false,
      reason: "The sender is a potential watchlist match: dismiss or confirm it first.",
    };
  }
  if (approval.screening?.status === "confirmed") {
    return { allowed: false, reason: "The sender is a confirmed watchlist match: reject this payment." };
  }
  if (!namesSender(approval.counterpartyInformation)) {
    return {
      allowed: false,
      reason: "The payment names no sender, so no watchlist could be asked about them: reject this payment.",
    };
  }
  if (
    approval.screening?.status === "dismissed" &&
    approval.screening.hits.some((hit) => hit.alert && hit.dismissed?.byId === viewer.id)
  ) {
    return {
      allowed: false,
      reason: "You dismissed the sender's watchlist match: another officer approves this payment.",
    };
  }
  if (first && first.email.toLowerCase() === viewer.email.toLowerCase()) {
    return { allowed: false, reason: "You gave the first approval; a second officer must approve." };
  }
  return decide;
}

/** Whether the payment names its sender (a person's or a business's name), as screening needs (SENDER_UNNAMED). */
function namesSender(info: Record<string, unknown>): boolean {
  return [info.FULL_NAME, info.BUSINESS_NAME].some((name) => typeof name === "string" && name.trim() !== "");
}

/** "Needs two approvers · 1 of 2: approved by Carla Diaz at …", where the two-person rule applies. */
export function TwoApproversNote({ approval }: { approval: PendingApproval }) {
  const { twoApprovers } = approval;
  if (!twoApprovers.required) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-violet-200 bg-violet-50 px-3 py-2 text-sm text-violet-950 dark:border-violet-900 dark:bg-violet-950/40 dark:text-violet-100">
      <UsersRound aria-hidden="true" className="size-4 shrink-0" />
      <span className="font-medium">Needs two approvers</span>
      <span aria-hidden="true">·</span>
      {twoApprovers.firstBy ? (
        <span>
          1 of 2: approved by {twoApprovers.firstBy.name ?? twoApprovers.firstBy.email} on{" "}
          <Timestamp value={twoApprovers.firstAt} />
        </span>
      ) : (
        <span>0 of 2: the first approval is recorded, the second sends it</span>
      )}
    </p>
  );
}
