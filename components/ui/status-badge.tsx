import { CircleCheck, CircleDashed, CircleDot, CircleX, Clock, type LucideIcon } from "lucide-react";
import { cn } from "@/lib/universal/utils";
import { Badge } from "./badge";
import { type StatusTone, statusInfo } from "./status";

// A shape per tone, so the badge does not rely on colour alone.
const ICONS: Record<StatusTone, LucideIcon> = {
  success: CircleCheck,
  warning: Clock,
  danger: CircleX,
  info: CircleDot,
  neutral: CircleDashed,
};

export type StatusBadgeProps = {
  /** A payment (transaction or quote) or KYC status as the API sends it, e.g. `PENDING_REVIEW`. */
  status: string;
  className?: string;
};

export function StatusBadge({ status, className }: StatusBadgeProps) {
  const { label, tone } = statusInfo(status);
  const Icon = ICONS[tone];
  return (
    <Badge variant={tone} className={cn(className)} data-status={status}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}
