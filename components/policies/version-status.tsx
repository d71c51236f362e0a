import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { PolicyVersionStatus } from "@/lib/universal/policies/version-types";

const LOOK: Record<PolicyVersionStatus, { label: string; variant: BadgeVariant }> = {
  draft: { label: "Draft", variant: "neutral" },
  proposed: { label: "Proposed", variant: "warning" },
  active: { label: "Active", variant: "success" },
  superseded: { label: "Superseded", variant: "outline" },
  declined: { label: "Declined", variant: "danger" },
};

export function VersionStatus({ status }: { status: PolicyVersionStatus }) {
  const look = LOOK[status];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}
