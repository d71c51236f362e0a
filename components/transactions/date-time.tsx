"use client";

import { Timestamp } from "@/components/ui/timestamp";

/**
 * A moment in a list ("26 Nov 2026, 14:03 UTC", or the reader's zone as they chose), with the other zone as its
 * tooltip. Lists show exact times, not "5 minutes ago": rows are compared with each other and with other systems'
 * records.
 */
export function DateTime({ iso, className }: { iso: string | undefined; className?: string }) {
  return <Timestamp value={iso} className={className} />;
}
