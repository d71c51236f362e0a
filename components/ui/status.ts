import type { BadgeVariant } from "./badge";

/**
 * How each status of the API reads and which tone it gets. Payment (transaction and quote) and KYC statuses share
 * one table: where a word appears in both (REJECTED, EXPIRED) it means the same to the person reading it.
 */
export type StatusTone = Extract<BadgeVariant, "success" | "warning" | "danger" | "info" | "neutral">;

export type StatusInfo = { label: string; tone: StatusTone };

const STATUSES: Record<string, StatusInfo> = {
  // Payments
  CREATED: { label: "Created", tone: "neutral" },
  PENDING: { label: "Pending", tone: "warning" },
  PROCESSING: { label: "Processing", tone: "info" },
  COMPLETED: { label: "Completed", tone: "success" },
  FAILED: { label: "Failed", tone: "danger" },
  REJECTED: { label: "Rejected", tone: "danger" },
  EXPIRED: { label: "Expired", tone: "neutral" },
  REFUNDED: { label: "Refunded", tone: "info" },
  // KYC
  APPROVED: { label: "Approved", tone: "success" },
  MANUALLY_APPROVED: { label: "Manually approved", tone: "success" },
  PENDING_REVIEW: { label: "Pending review", tone: "warning" },
  MANUALLY_REJECTED: { label: "Manually rejected", tone: "danger" },
  CANCELED: { label: "Canceled", tone: "neutral" },
};

/** "SOME_NEW_STATUS" → "Some new status", for a status a newer API adds before the console knows it. */
export function humanizeStatus(status: string): string {
  const words = status.trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether the status has its own entry above (a label and tone chosen for it), not the fallback for unknown ones. */
export function hasOwnStatusInfo(status: string): boolean {
  return Object.hasOwn(STATUSES, status);
}

export function statusInfo(status: string): StatusInfo {
  return STATUSES[status] ?? { label: humanizeStatus(status), tone: "neutral" };
}
