"use client";

import { useQuery } from "@tanstack/react-query";
import { MailPlus } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import { SegmentedChoice } from "@/components/ui/segmented-choice";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import { type RecentInvitation, recentInvitationsQuery } from "@/lib/client/api/invitations";
import type { InvitationStatus } from "@/shared/contract";
import { CancelInvitationButton } from "./cancel-invitation-button";
import { InvitationStatusBadge } from "./invitation-status";

type Shown = "ALL" | InvitationStatus;
const CHOICES: readonly { value: Shown; label: string }[] = [
  { value: "ALL", label: "All" },
  { value: "PENDING", label: "Pending" },
  { value: "CLAIMED", label: "Claimed" },
  { value: "CANCELLED", label: "Cancelled" },
  { value: "EXPIRED", label: "Expired" },
];

/**
 * The invitations this console knows of (created here, or claimed and announced by webhook), with their status as
 * the payment API has it now, and Cancel on the pending ones. The API keeps no list, so this is the console's.
 */
export function InvitationsList({ onOpen }: { onOpen: (code: string) => void }) {
  const query = useQuery(recentInvitationsQuery());
  const [shown, setShown] = useState<Shown>("ALL");
  const rows = (query.data?.data ?? []).filter((row) => shown === "ALL" || row.invitation?.status === shown);
  return (
    <Card aria-labelledby="recent-invitations-heading">
      <CardHeader>
        <div>
          <CardTitle id="recent-invitations-heading">Recent invitations</CardTitle>
          <CardDescription>
            Invitations created in this console or claimed, newest first, with their status now. The payment
            API keeps no list of them.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <SegmentedChoice
          name="invitation-status"
          label="Show invitations"
          value={shown}
          onChange={setShown}
          options={CHOICES}
        />
        {query.isPending ? (
          <LoadingState label="Loading invitations" rows={3} columns={5} />
        ) : query.isError ? (
          <ErrorState
            title="The invitations could not be loaded"
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={MailPlus}
            title={shown === "ALL" ? "No invitations yet" : "No invitation has this status"}
            description="Invitations you create here, and claimed ones, are listed as they happen."
          />
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Code</TableHead>
                  <TableHead>Inviter</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead className="hidden sm:table-cell">Status</TableHead>
                  <TableHead>Created</TableHead>
                  <TableHead className="hidden md:table-cell">Expires</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => (
                  <InvitationRow key={row.code} row={row} onOpen={onOpen} />
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function InvitationRow({ row, onOpen }: { row: RecentInvitation; onOpen: (code: string) => void }) {
  const { invitation } = row;
  return (
    <TableRow>
      <TableCell>
        <Link
          href={`/invitations?code=${encodeURIComponent(row.code)}`}
          onClick={(event) => {
            event.preventDefault();
            onOpen(row.code);
          }}
          className="font-mono text-sm text-brand-600 underline-offset-2 hover:underline dark:text-brand-400"
        >
          {row.code}
        </Link>
        {/* On a phone the status column is folded into the code's cell, so it is seen without scrolling. */}
        <span className="mt-1 block sm:hidden">
          {invitation ? <InvitationStatusBadge status={invitation.status} /> : null}
        </span>
      </TableCell>
      <TableCell className="max-w-56 truncate" title={invitation?.inviterUma}>
        {invitation?.inviterUma ?? "—"}
        {invitation?.firstName ? (
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">{invitation.firstName}</span>
        ) : null}
      </TableCell>
      <TableCell className="text-right tabular-nums">
        {invitation?.amountToSend ? (
          <Money amount={invitation.amountToSend.amount} currency={invitation.amountToSend.currency} />
        ) : (
          "—"
        )}
      </TableCell>
      <TableCell className="hidden sm:table-cell">
        {invitation ? (
          <InvitationStatusBadge status={invitation.status} />
        ) : (
          <span className="text-sm text-red-700 dark:text-red-400">{row.error}</span>
        )}
      </TableCell>
      <TableCell className="text-sm">
        <Timestamp value={invitation?.createdAt ?? row.knownAt} />
        <span className="block text-xs text-zinc-600 dark:text-zinc-400">
          {row.createdBy ? `by ${row.createdBy.name ?? row.createdBy.email}` : "claimed (webhook)"}
        </span>
      </TableCell>
      <TableCell className="hidden text-sm md:table-cell">
        {invitation?.expiresAt ? <Timestamp value={invitation.expiresAt} /> : "No expiry"}
      </TableCell>
      <TableCell className="text-right">
        {invitation?.status === "PENDING" ? <CancelInvitationButton invitation={invitation} /> : null}
      </TableCell>
    </TableRow>
  );
}
