import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { InvitationStatus } from "@/shared/contract";

const STATUS: Record<InvitationStatus, { label: string; variant: BadgeVariant }> = {
  PENDING: { label: "Pending", variant: "warning" },
  CLAIMED: { label: "Claimed", variant: "success" },
  EXPIRED: { label: "Expired", variant: "neutral" },
  CANCELLED: { label: "Cancelled", variant: "neutral" },
};

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  const { label, variant } = STATUS[status];
  return (
    <Badge variant={variant} data-status={status}>
      {label}
    </Badge>
  );
}
