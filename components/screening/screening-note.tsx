"use client";

import { usePermission } from "@/components/auth/permissions-context";
import { transactionHref } from "@/components/transactions/links";
import { Link } from "@/components/ui/link";
import { type ScreeningRecord, screeningNeedsLook } from "@/lib/universal/screening/records";
import { ScreeningSummary } from "./screening-summary";

/**
 * On an approval card: the sender's screening in one line, and, for those who read screenings, where its explanation
 * is when it did not clear.
 */
export function ScreeningNote({
  screening,
  transactionId,
}: {
  screening?: ScreeningRecord | undefined;
  transactionId: string;
}) {
  // Where the screening is explained, for those who read screenings; the line alone for the others.
  const read = usePermission("screening.read");
  if (!screening) return null;
  const needsLook = read.allowed && screeningNeedsLook(screening);
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
      <ScreeningSummary record={screening} />
      {needsLook ? (
        <Link
          href={`${transactionHref(transactionId)}#screening`}
          className="text-sm font-medium whitespace-nowrap text-brand-700 underline-offset-2 hover:underline dark:text-brand-400"
        >
          Review the screening
        </Link>
      ) : null}
    </div>
  );
}
