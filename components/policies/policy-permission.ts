"use client";

import { usePermission, useViewer } from "@/components/auth/permissions-context";
import type { Decision } from "@/lib/universal/auth/permissions";
import type { PolicyVersionView } from "@/lib/universal/policies/version-types";

/** Compliance officers and admins write policies (the server checks `approvals.decide`, the same two roles). */
export function usePolicyWrite(): Decision {
  const decision = usePermission("approvals.decide");
  return decision.allowed
    ? decision
    : { allowed: false, reason: "Only compliance officers and admins write approval policies." };
}

/** Activating or declining a proposal needs someone other than its proposer; activating, other than its author too. */
export function useSecondPerson(version: PolicyVersionView, doing: "activate" | "decline"): Decision {
  const write = usePolicyWrite();
  const viewer = useViewer();
  if (!write.allowed) return write;
  if (version.proposedBy && version.proposedBy.email.toLowerCase() === viewer.email.toLowerCase()) {
    return {
      allowed: false,
      reason: `You proposed v${version.version}; another compliance officer or admin must ${doing} it.`,
    };
  }
  // Its author may not put it in force either, even when someone else proposed it (the server refuses it too).
  if (doing === "activate" && version.createdBy.email.toLowerCase() === viewer.email.toLowerCase()) {
    return {
      allowed: false,
      reason: `You wrote v${version.version}; someone who neither wrote nor proposed it must activate it.`,
    };
  }
  return { allowed: true };
}
