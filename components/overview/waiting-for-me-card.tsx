"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowRight, Users } from "lucide-react";
import { Link } from "@/components/ui/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { waitingProposalsQuery } from "@/lib/client/api/config-proposals";
import { formatCount } from "@/lib/universal/intl/count";
import { cn, focusRing } from "@/lib/universal/utils";
import { OverviewCard } from "./overview-card";

/**
 * Changes a colleague proposed that wait for the reader as the second person (configuration, team, tokens, the
 * two-person rule, watchlists, policy versions, a screening match's confirmation), each with the page where it is
 * decided. Drawn only when something
 * waits: an admin or officer who signs in learns of it here, not by chancing on the page.
 */
export function WaitingForMeCard() {
  const query = useQuery(waitingProposalsQuery());
  const waiting = query.data?.data ?? [];
  if (waiting.length === 0) return null;
  return (
    <OverviewCard
      id="waiting-for-me"
      title={`Waiting for you as the second person: ${formatCount(waiting.length)}`}
      description="What a colleague proposed that takes effect only once someone else approves it."
      className="lg:col-span-2 xl:col-span-3"
    >
      <ul className="flex flex-col divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
        {waiting.map((proposal) => (
          <li key={proposal.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
            <span className="flex min-w-0 items-center gap-2">
              <Users aria-hidden="true" className="size-4 shrink-0 text-amber-600" />
              <span className="font-medium">{proposal.title}</span>{" "}
              <span className="text-zinc-600 dark:text-zinc-400">
                proposed by {proposal.proposedBy}, <RelativeTime date={proposal.proposedAt} clock="console" />
              </span>
            </span>
            <Link
              href={proposal.href}
              aria-label={`Review: ${proposal.title}`}
              className={cn(
                "inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400",
                focusRing,
              )}
            >
              Review
              <ArrowRight aria-hidden="true" className="size-3.5" />
            </Link>
          </li>
        ))}
      </ul>
    </OverviewCard>
  );
}
