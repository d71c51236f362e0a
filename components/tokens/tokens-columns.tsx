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
import type { ConsoleToken } from "@/lib/universal/tokens/token-rules";
import { PermissionBadges } from "./permission-badges";

/** Who created and approved a token, or that the console did not make it (so it is not invisible). */
function Provenance({ token }: { token: ConsoleToken }) {
  if (!token.record) {
    return (
      <Badge variant="warning" className="whitespace-normal">
        Created at the API, not through this console
      </Badge>
    );
  }
  return (
    <div className="break-all">
      <div>{token.record.createdBy}</div>
      <div className="text-zinc-600 dark:text-zinc-400">
        {token.record.approvedBy ? `approved by ${token.record.approvedBy}` : "no second admin needed (View)"}
      </div>
    </div>
  );
}

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
      title={`Revoke ${token.name}?`}
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
  col.accessor("name", { header: "Name", meta: { className: "font-medium" } }),
  col.accessor("clientId", {
    header: "Client id",
    cell: (info) => <code className="break-all font-mono text-xs">{info.getValue()}</code>,
  }),
  col.accessor("permissions", {
    header: "Permissions",
    cell: (info) => <PermissionBadges permissions={info.getValue()} />,
  }),
  col.display({
    id: "provenance",
    header: "Created and approved by",
    cell: (info) => <Provenance token={info.row.original} />,
  }),
  col.accessor("createdAt", {
    header: "Created, expires",
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
    meta: { className: "text-right" },
    cell: (info) => <RevokeButton token={info.row.original} />,
  }),
]);
