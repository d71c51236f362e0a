"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { ConfirmedActionButton } from "@/components/auth/confirmed-action-button";
import { PermissionNotice } from "@/components/auth/permission-notice";
import { usePermission } from "@/components/auth/permissions-context";
import { DateTime } from "@/components/transactions/date-time";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { queryKeys } from "@/lib/payments/keys";
import { revokeToken, tokenListQuery } from "@/lib/payments/tokens";
import type { ApiToken } from "@/shared/contract";
import { CreateTokenCard } from "./create-token-card";
import { TOKEN_PERMISSION_TEXT } from "./token-permissions";
import { TokenSecret } from "./token-secret";

/** The platform's API tokens: create one (its secret shown once), see who has which, revoke. */
export function TokensConsole() {
  const manage = usePermission("config.write");
  const [created, setCreated] = useState<ApiToken | null>(null);
  return (
    <div className="flex flex-col gap-6">
      {manage.allowed ? null : <PermissionNotice reasons={[manage.reason]} />}
      {created ? <TokenSecret token={created} onDismiss={() => setCreated(null)} /> : null}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <CreateTokenCard onCreated={setCreated} />
        <div className="lg:col-span-2">{manage.allowed ? <TokenList /> : null}</div>
      </div>
    </div>
  );
}

function TokenList() {
  const query = useQuery(tokenListQuery());
  const tokens = query.data?.data ?? [];
  return (
    <Card aria-labelledby="tokens-heading">
      <CardHeader className="pb-4">
        <div className="flex flex-col gap-1">
          <CardTitle id="tokens-heading">Tokens</CardTitle>
          <CardDescription>
            Every token that can call the payment API now. Revoking one stops it at once.
          </CardDescription>
        </div>
      </CardHeader>
      {query.isPending ? (
        <LoadingState label="Loading tokens" rows={3} columns={4} />
      ) : query.isError ? (
        <ErrorState
          title="The tokens could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : tokens.length === 0 ? (
        <CardContent>
          <EmptyState
            icon={KeyRound}
            headingLevel="h3"
            title="No tokens yet"
            description="Create one for each program that calls the payment API, so each can be revoked alone."
          />
        </CardContent>
      ) : (
        <Table aria-label="API tokens">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Client id</TableHead>
              <TableHead>Permissions</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tokens.map((token) => (
              <TableRow key={token.id}>
                <TableCell className="font-medium">{token.name}</TableCell>
                <TableCell>
                  <code className="break-all font-mono text-xs">{token.clientId}</code>
                </TableCell>
                <TableCell>
                  <span className="flex flex-wrap gap-1">
                    {token.permissions.map((permission) => (
                      <Badge key={permission} variant="neutral">
                        {TOKEN_PERMISSION_TEXT[permission as keyof typeof TOKEN_PERMISSION_TEXT]?.label ??
                          permission}
                      </Badge>
                    ))}
                  </span>
                </TableCell>
                <TableCell>
                  <DateTime iso={token.createdAt} />
                </TableCell>
                <TableCell className="text-right">
                  <RevokeButton token={token} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}

function RevokeButton({ token }: { token: ApiToken }) {
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
