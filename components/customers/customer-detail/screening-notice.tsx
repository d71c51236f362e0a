"use client";

import { useQuery } from "@tanstack/react-query";
import { usePermission } from "@/components/auth/permissions-context";
import { ScreeningSummary } from "@/components/screening/screening-summary";
import { Link } from "@/components/ui/link";
import { subjectScreeningsQuery } from "@/lib/client/api/screening";
import { screeningNeedsLook } from "@/lib/universal/screening/records";

/**
 * At the top of a customer's page, for those who read screening: a watchlist match still open, confirmed, or a
 * screening that failed, in its one line with the way to it. The badges beside the name (KYC approved, say) do not
 * make the customer look cleared while their screening is not. Nothing when the latest screening is clear.
 */
export function CustomerScreeningNotice({ customerId }: { customerId: string }) {
  const read = usePermission("screening.read");
  // The Screening card's own query: asked once for both.
  const screenings = useQuery({ ...subjectScreeningsQuery({ customer: customerId }), enabled: read.allowed });
  const latest = screenings.data?.data[0];
  if (!read.allowed || !latest) return null;
  if (!screeningNeedsLook(latest)) return null;
  return (
    <div
      role="status"
      aria-label="Watchlist screening"
      className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 dark:border-red-900 dark:bg-red-950"
    >
      <ScreeningSummary record={latest} />
      <Link
        href="#screening"
        className="text-sm font-medium whitespace-nowrap text-brand-700 underline-offset-2 hover:underline dark:text-brand-400"
      >
        Review the screening
      </Link>
    </div>
  );
}
