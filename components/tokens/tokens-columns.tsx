"use client";

import { useQueryClient } from "@tanstack/react-query";
import { ConfirmedActionButton } from "@/components/auth/confirmed-action-button";
import { usePermission } from "@/components/auth/permissions-context";
import { dataTableColumnHelper } from "@/components/data-table/columns";
import { DateTime } from "@/components/transactions/date-time";
import { Badge } from "@/components/ui/badge";
import { toast } from "@/components/ui/toast";
import { revokeToken } from "@/lib/client/api/tokens";
import { queryKeys } from "@/lib/universal/api/keys";
import { type ConsoleToken, TOKEN_NAME_MAX_LENGTH } from "@/lib/universal/tokens/token-rules";
import { PermissionBadges } from "./permission-badges";

/** A member named as the console names people: their name, the email on hover; the email alone when not a member. */
function Person({ name, email }: { name: string | null; email: string }) {
  return name ? <span title={email}>{name}</span> : <span className="wrap-break-word">{email}</span>;
}

/**
 * Who created and approved a token, or that the console did not make it (so it is not invisible). It wraps between
 * words, never inside one ("no second admin needed (Vie|w)" at 1280 when it was `break-all`).
 */
function Provenance({ token }: { token: ConsoleToken }) {
  if (!token.record) {
    return (
      <Badge variant="warning" className="whitespace-normal">
        Created at the API, not through this console
      </Badge>
    );
  }
  const { record } = token;
  return (
    <div className="min-w-40">
      <div>
        <Person name={record.createdByName} email={record.createdBy} />
      </div>
      <div className="text-zinc-600 dark:text-zinc-400">
        {record.approvedBy ? (
          <>
            approved by <Person name={record.approvedByName} email={record.approvedBy} />
          </>
        ) : (
          "no second admin needed (View)"
        )}
      </div>
    </div>
  );
}

/**
 * A token's name as lists and dialogs show it: whole up to the console's limit (TOKEN_NAME_MAX_LENGTH), cut with "…"
 * beyond it (a token named at the API, where the reference sets no limit); the whole name is the cell's title.
 */
const shownName = (name: string) =>
  name.length > TOKEN_NAME_MAX_LENGTH ? `${name.slice(0, TOKEN_NAME_MAX_LENGTH)}…` : name;

function RevokeButton({ token }: { token: ConsoleToken }) {
  const manage = usePermission("config.write");
  const queryClient = useQueryClient();
  const revoke = async () => {
    await revokeToken(token.id);
    void queryClient.invalidateQueries({ queryKey: queryKeys.tokens });
    toast.success(`Revoked ${token.name}`, { description: token.clientId });
  };
  return (
    <ConfirmedActionButton
      decision={manage}
      size="sm"
      title={`Revoke ${shownName(token.name)}?`}
      description={`Calls with ${token.clientId} are refused from now on. Programs using it stop working until they get a new token. This cannot be undone.`}
      confirmLabel="Revoke token"
      pendingLabel="Revoking…"
      cancelLabel="Keep token"
      destructive
      action={revoke}
      failure="The token could not be revoked. Try again."
    >
      Revoke<span className="sr-only"> {token.name}</span>
    </ConfirmedActionButton>
  );
}

const col = dataTableColumnHelper<ConsoleToken>();

/** The API tokens' columns: what each may do, who made it, when it ends, and Revoke. */
export const tokensColumns = col.columns([
  col.accessor("name", {
    header: "Name",
    meta: { className: "font-medium", phone: { line: 1 } },
    // At most three lines in a column of its own width: a name as long as a paragraph does not push Permissions and
    // Revoke off the page. The whole name is its title.
    cell: (info) => (
      <span title={info.getValue()} className="line-clamp-3 block max-w-44 min-w-28 wrap-break-word">
        {shownName(info.getValue())}
      </span>
    ),
  }),
  col.accessor("clientId", {
    header: "Client id",
    meta: { phone: { line: 2, wide: true } },
    // One unbroken machine value (tok_ and 24 hex digits): never cut in the middle.
    cell: (info) => <code className="whitespace-nowrap font-mono text-xs">{info.getValue()}</code>,
  }),
  col.accessor("permissions", {
    header: "Permissions",
    meta: { phone: { wide: true, label: "Permissions" } },
    cell: (info) => <PermissionBadges permissions={info.getValue()} />,
  }),
  col.display({
    id: "provenance",
    header: "Created and approved by",
    meta: { phone: { line: 3, label: "Created and approved by" } },
    cell: (info) => <Provenance token={info.row.original} />,
  }),
  col.accessor("createdAt", {
    header: "Created, expires",
    meta: { phone: { line: 3, end: true, label: "Created, expires" } },
    cell: (info) => {
      const token = info.row.original;
      return (
        <>
          <div>
            <DateTime iso={info.getValue()} />
          </div>
          <div className="text-zinc-600 dark:text-zinc-400">
            {token.record ? (
              <>
                Expires <DateTime iso={token.record.expiresAt} />
              </>
            ) : (
              "No expiry"
            )}
          </div>
        </>
      );
    },
  }),
  col.display({
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    meta: { actions: true, className: "text-right", phone: { line: 1, end: true } },
    cell: (info) => <RevokeButton token={info.row.original} />,
  }),
]);
