"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { PermissionNotice } from "@/components/auth/permission-notice";
import { usePermission } from "@/components/auth/permissions-context";
import { DataTable } from "@/components/data-table/data-table";
import { ProposalActions, ProposalCard, useProposedByViewer } from "@/components/four-eyes/proposal-card";
import { DateTime } from "@/components/transactions/date-time";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toast";
import { decideProposal } from "@/lib/client/api/config-proposals";
import { collectTokenSecret, consoleTokenListQuery } from "@/lib/client/api/tokens";
import { queryKeys } from "@/lib/universal/api/keys";
import type { ConfigProposal } from "@/lib/universal/config/proposal-types";
import type { WaitingSecret } from "@/lib/universal/tokens/token-rules";
import { ApiError } from "@/shared/api-error";
import type { ApiToken } from "@/shared/contract";
import { CreateTokenCard } from "./create-token-card";
import { PermissionBadges } from "./permission-badges";
import { TokenSecret } from "./token-secret";
import { tokensColumns } from "./tokens-columns";

type ShownSecret = Pick<ApiToken, "name" | "clientId" | "clientSecret">;

/**
 * The platform's API tokens: create one (a View token at once, its secret shown once; Transact or Manage proposed
 * for a second admin, its secret collected once by the proposer after approval), see who created and approved each
 * and when it expires, revoke.
 */
export function TokensConsole({ apiBaseUrl }: { apiBaseUrl: string }) {
  const manage = usePermission("config.write");
  const [created, setCreated] = useState<ShownSecret | null>(null);
  return (
    <div className="flex flex-col gap-6">
      {manage.allowed ? null : <PermissionNotice reasons={[manage.reason]} />}
      {created ? (
        <TokenSecret
          token={created}
          apiBaseUrl={apiBaseUrl}
          // Its button goes with it: the shell's keepFocusWhenRemoved gives focus to the part of the page it was in.
          onDismiss={() => setCreated(null)}
        />
      ) : null}
      {manage.allowed ? <WaitingSecrets onCollected={setCreated} /> : null}
      {manage.allowed ? <PendingTokens /> : null}
      {/* Side by side only where the list keeps every column (who created and approved each token, its expiry).
          One column below that, as wide as the page: a grid's implicit column grows to its widest content, so the
          list's table (which scrolls inside its card) widened the column and the form with it past a phone's edge. */}
      <div className="grid grid-cols-1 items-start gap-6 2xl:grid-cols-3">
        <div className="max-w-2xl 2xl:max-w-none">
          <CreateTokenCard onCreated={setCreated} />
        </div>
        <div className="2xl:col-span-2">{manage.allowed ? <TokenList /> : null}</div>
      </div>
    </div>
  );
}

/** Approved tokens whose secret waits, sealed, for this admin (who proposed them) to collect it once. */
function WaitingSecrets({ onCollected }: { onCollected: (token: ShownSecret) => void }) {
  const query = useQuery(consoleTokenListQuery());
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const secrets = query.data?.secrets ?? [];
  if (secrets.length === 0) return null;
  const collect = async (secret: WaitingSecret) => {
    setBusy(secret.tokenId);
    try {
      onCollected(await collectTokenSecret(secret.tokenId));
    } catch (error) {
      toast.error("The secret could not be collected", {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tokens });
    }
  };
  return (
    <Card aria-labelledby="waiting-secrets-heading">
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle id="waiting-secrets-heading">Secrets waiting for you</CardTitle>
          <CardDescription>
            Another admin approved these tokens you proposed. Each secret is kept encrypted for you alone and
            can be collected once: it is deleted as you collect it. A secret not collected within 24 hours is
            deleted and its token revoked.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2">
          {secrets.map((secret) => (
            <li key={secret.tokenId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="min-w-0 wrap-break-word">
                <span className="font-medium">{secret.name}</span>
                {secret.approvedBy ? (
                  <>
                    , approved by{" "}
                    {secret.approvedByName ? (
                      <span title={secret.approvedBy}>{secret.approvedByName}</span>
                    ) : (
                      secret.approvedBy
                    )}
                  </>
                ) : null}
                ; collect by <DateTime iso={secret.collectBy} />
              </span>
              <Button size="sm" onClick={() => void collect(secret)} loading={busy === secret.tokenId}>
                Collect secret<span className="sr-only"> of {secret.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/**
 * Token proposals waiting for a second admin: another admin approves or declines; the proposer may withdraw. The
 * console's live updates take one away once decided elsewhere; a decision refused (another admin decided first) is
 * said here, where it stays once the proposal and its dialog are gone.
 */
function PendingTokens() {
  const query = useQuery(consoleTokenListQuery());
  const [refusal, setRefusal] = useState<string | null>(null);
  const pending = query.data?.pending ?? [];
  if (pending.length === 0 && !refusal) return null;
  return (
    <>
      {refusal ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <span className="min-w-0 break-words">{refusal}</span>
          <Button variant="outline" size="sm" onClick={() => setRefusal(null)}>
            Dismiss
          </Button>
        </div>
      ) : null}
      {pending.map((proposal) =>
        proposal.kind === "token" ? (
          <PendingToken key={proposal.id} proposal={proposal} onRefused={setRefusal} />
        ) : null,
      )}
    </>
  );
}

function PendingToken({
  proposal,
  onRefused,
}: {
  proposal: Extract<ConfigProposal, { kind: "token" }>;
  onRefused: (message: string | null) => void;
}) {
  const mine = useProposedByViewer(proposal.proposedBy);
  const write = usePermission("config.write");
  const queryClient = useQueryClient();
  const { token } = proposal;
  const decide = async (decision: "approve" | "decline" | "withdraw") => {
    onRefused(null);
    try {
      await decideProposal(proposal.id, decision);
    } catch (error) {
      onRefused(
        error instanceof ApiError
          ? `${error.message} (${error.code})`
          : "The token proposal could not be decided. Try again.",
      );
      throw error;
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.tokens });
    }
    toast.success(
      decision === "approve"
        ? `${token.name} is created; its secret waits for ${proposal.proposedBy.name}`
        : decision === "decline"
          ? "Token declined"
          : "Proposal withdrawn",
    );
  };
  return (
    <ProposalCard
      headingId={`pending-token-${proposal.id}`}
      title={`Proposed token: ${token.name}`}
      proposedBy={proposal.proposedBy}
      mine={mine}
      proposedAt={proposal.proposedAt}
      explanation="Not created until another admin approves it. Its secret then goes to the proposer only."
      actions={
        <ProposalActions
          mine={mine}
          permission={write}
          second="admin"
          mineReason="You proposed this token; another admin must approve or decline it."
          texts={{
            withdraw: {
              title: "Withdraw this token proposal?",
              description: "Nothing is created; you can propose it again later.",
            },
            decline: {
              title: "Decline this token?",
              description: "Nothing is created. The admin who proposed it sees that you declined it.",
              confirmLabel: "Decline token",
              failure: "The token could not be declined.",
            },
            approve: {
              title: `Approve ${token.name}?`,
              description:
                "The token is created at the payment API now, recorded with you as its approver. Its secret is kept encrypted for the proposer to collect once; you do not see it.",
              confirmLabel: "Approve and create",
              pendingLabel: "Creating…",
              failure: "The token could not be approved.",
              label: (
                <>
                  Approve<span className="sr-only"> {token.name}</span>
                </>
              ),
            },
          }}
          onDecide={decide}
        />
      }
    >
      <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Permissions</dt>
        <dd>
          <PermissionBadges permissions={token.permissions} />
        </dd>
        <dt className="font-medium">Expires</dt>
        <dd>{token.expiresInDays} days after approval</dd>
      </dl>
    </ProposalCard>
  );
}

function TokenList() {
  const query = useQuery(consoleTokenListQuery());
  return (
    <Card aria-labelledby="tokens-heading">
      <CardHeader className="pb-4">
        <div className="flex flex-col gap-1">
          <CardTitle id="tokens-heading">Tokens</CardTitle>
          <CardDescription>
            Every token that can call the payment API now, with who created and approved it. The console
            revokes each at its expiry. Revoking one stops it at once.
          </CardDescription>
        </div>
      </CardHeader>
      <DataTable
        columns={tokensColumns}
        query={query}
        paginated={false}
        getRowId={(token) => token.id}
        label="API tokens"
        phoneCards
        itemNoun={{ one: "token", other: "tokens" }}
        errorTitle="The tokens could not be loaded"
        headingLevel="h3"
        framed={false}
        empty={{
          icon: KeyRound,
          title: "No tokens in use",
          description:
            "Create one for each program that calls the payment API, so each can be revoked alone. Revoked tokens are not listed; the audit log keeps them.",
        }}
      />
    </Card>
  );
}
