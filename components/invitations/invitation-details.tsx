"use client";

import { ExternalLink } from "lucide-react";
import { CopyButton } from "@/components/ui/copy-button";
import { Money } from "@/components/ui/money";
import { Timestamp } from "@/components/ui/timestamp";
import { useFormatTimestamp } from "@/lib/client/time/use-time-zone-preference";
import type { Invitation } from "@/shared/contract";
import { CancelInvitationButton } from "./cancel-invitation-button";
import { ClaimInvitationForm } from "./claim-invitation-form";
import { InvitationStatusBadge } from "./invitation-status";

type Format = (iso: string, style?: "precise") => string;

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
        {label}
      </dt>
      <dd className="mt-1 min-w-0 text-sm">{children}</dd>
    </div>
  );
}

function statusSentence(invitation: Invitation, format: Format): string {
  const utc = (iso: string | undefined) => (iso ? format(iso, "precise") : "—");
  switch (invitation.status) {
    case "PENDING":
      return invitation.expiresAt ? `Open until ${utc(invitation.expiresAt)}.` : "Open, with no expiry.";
    case "CLAIMED":
      return `Claimed by ${invitation.inviteeUma ?? "an unknown address"} on ${utc(invitation.claimedAt)}.`;
    case "EXPIRED":
      return `Expired on ${utc(invitation.expiresAt)} without being claimed.`;
    case "CANCELLED":
      return "Cancelled; it can no longer be claimed.";
  }
}

/**
 * Everything known about one invitation, and the claim form while it can still be claimed. On the local payment
 * service the invitation's link is the invitee's page that service hosts, so it is offered to open.
 */
export function InvitationDetails({
  invitation,
  localService,
}: {
  invitation: Invitation;
  localService: boolean;
}) {
  const format = useFormatTimestamp();
  return (
    <article aria-labelledby="invitation-heading" className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 id="invitation-heading" className="font-mono text-lg font-semibold tracking-wide">
            {invitation.code}
          </h2>
          <CopyButton value={invitation.code} label="invitation code" />
        </div>
        <div className="flex items-center gap-3">
          {invitation.status === "PENDING" ? <CancelInvitationButton invitation={invitation} /> : null}
          <InvitationStatusBadge status={invitation.status} />
        </div>
      </header>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{statusSentence(invitation, format)}</p>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Item label="Invitation link">
          <span className="flex items-center gap-1">
            <span className="truncate font-mono text-xs">{invitation.url}</span>
            <CopyButton value={invitation.url} label="invitation link" />
          </span>
          {localService ? (
            <span className="mt-1 block">
              <a
                href={invitation.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-brand-600 underline-offset-2 hover:underline dark:text-brand-400"
              >
                Open the local invitee page
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                What the invitee sees, hosted by the local payment service; on the sandbox it can be claimed
                there.
              </span>
            </span>
          ) : null}
        </Item>
        <Item label="Inviter">
          <span className="break-all font-mono text-xs">{invitation.inviterUma}</span>
          {invitation.firstName ? (
            <span className="block text-zinc-600 dark:text-zinc-400">{invitation.firstName}</span>
          ) : null}
        </Item>
        <Item label="Amount to send">
          {invitation.amountToSend ? (
            <Money amount={invitation.amountToSend.amount} currency={invitation.amountToSend.currency} />
          ) : (
            "None attached"
          )}
        </Item>
        <Item label="Invitee">
          {invitation.inviteeUma ? (
            <span className="break-all font-mono text-xs">{invitation.inviteeUma}</span>
          ) : (
            "Not claimed yet"
          )}
        </Item>
        <Item label="Created at">
          <Timestamp value={invitation.createdAt} style="precise" />
        </Item>
        <Item label="Expires at">
          <Timestamp value={invitation.expiresAt} style="precise" />
        </Item>
        {invitation.claimedAt ? (
          <Item label="Claimed at">
            <Timestamp value={invitation.claimedAt} style="precise" />
          </Item>
        ) : null}
      </dl>
      {invitation.status === "PENDING" ? <ClaimInvitationForm invitation={invitation} /> : null}
    </article>
  );
}
