import { ExternalLink } from "lucide-react";
import { dataTableColumnHelper } from "@/components/data-table/columns";
import { Link } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { Timestamp } from "@/components/ui/timestamp";
import type { RecentInvitation } from "@/lib/client/api/invitations";
import { CancelInvitationButton } from "./cancel-invitation-button";
import { InvitationStatusBadge } from "./invitation-status";

const col = dataTableColumnHelper<RecentInvitation>();

/**
 * The invitations list's columns; a code opens its details with `onOpen` (its link works without script too). On the
 * local payment service each row also links to the invitee's page that service hosts at the invitation's url.
 */
export function invitationColumns(onOpen: (code: string) => void, localService: boolean) {
  return col.columns([
    col.accessor("code", {
      header: "Code",
      cell: (info) => {
        const { code, invitation } = info.row.original;
        return (
          <>
            <Link
              href={`/invitations?code=${encodeURIComponent(code)}`}
              onClick={(event) => {
                event.preventDefault();
                onOpen(code);
              }}
              className="font-mono text-sm text-brand-600 underline-offset-2 hover:underline dark:text-brand-400"
            >
              {code}
            </Link>
            {localService && invitation ? (
              <a
                href={invitation.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Open the local invitee page of ${code} (opens in a new tab)`}
                className="mt-1 flex w-fit items-center gap-1 whitespace-nowrap text-xs text-brand-600 underline-offset-2 hover:underline dark:text-brand-400"
              >
                Local invitee page
                <ExternalLink aria-hidden="true" className="size-3" />
              </a>
            ) : null}
            {/* On a phone the status column is folded into the code's cell, so it is seen without scrolling. */}
            <span className="mt-1 block sm:hidden">
              {invitation ? <InvitationStatusBadge status={invitation.status} /> : null}
            </span>
          </>
        );
      },
    }),
    col.display({
      id: "inviter",
      header: "Inviter",
      meta: { className: "max-w-56 truncate" },
      cell: (info) => {
        const { invitation } = info.row.original;
        return (
          // The person first, as every list names people; their address under the name.
          <span title={invitation?.inviterUma}>
            {invitation?.firstName ? <span className="block">{invitation.firstName}</span> : null}
            <span
              className={invitation?.firstName ? "block text-xs text-zinc-600 dark:text-zinc-400" : undefined}
            >
              {invitation?.inviterUma ?? "—"}
            </span>
          </span>
        );
      },
    }),
    col.display({
      id: "amount",
      header: "Amount",
      meta: { align: "right" },
      cell: (info) => {
        const amount = info.row.original.invitation?.amountToSend;
        return amount ? <Money amount={amount.amount} currency={amount.currency} /> : "—";
      },
    }),
    col.display({
      id: "status",
      header: "Status",
      meta: { className: "hidden sm:table-cell", headerClassName: "hidden sm:table-cell" },
      cell: (info) => {
        const row = info.row.original;
        return row.invitation ? (
          <InvitationStatusBadge status={row.invitation.status} />
        ) : (
          <span className="text-sm text-red-700 dark:text-red-400">{row.error}</span>
        );
      },
    }),
    col.display({
      id: "created",
      header: "Created",
      meta: { className: "text-sm" },
      cell: (info) => {
        const row = info.row.original;
        return (
          <>
            <Timestamp value={row.invitation?.createdAt ?? row.knownAt} />
            <span className="block text-xs text-zinc-600 dark:text-zinc-400">
              {row.createdBy ? `by ${row.createdBy.name ?? row.createdBy.email}` : "claimed (webhook)"}
            </span>
          </>
        );
      },
    }),
    col.display({
      id: "expires",
      header: "Expires",
      meta: { className: "hidden text-sm md:table-cell", headerClassName: "hidden md:table-cell" },
      cell: (info) => {
        const expiresAt = info.row.original.invitation?.expiresAt;
        return expiresAt ? <Timestamp value={expiresAt} /> : "No expiry";
      },
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: "text-right" },
      cell: (info) => {
        const { invitation } = info.row.original;
        return invitation?.status === "PENDING" ? <CancelInvitationButton invitation={invitation} /> : null;
      },
    }),
  ]);
}
