"use client";

import { useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { CopyButton } from "@/components/ui/copy-button";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState, LoadingState } from "@/components/ui/states";
import { type WebhookPublicKey, webhookPublicKeyQuery } from "@/lib/client/api/webhooks";
import { environmentLabel } from "@/lib/universal/environments/names";

/** The key the console verifies webhooks with, the header it reads the signature from, and a fingerprint to compare. */
export function PublicKeyPanel() {
  const query = useQuery(webhookPublicKeyQuery());
  return (
    <QueryState
      query={query}
      loading={<LoadingState label="Loading the public key" rows={3} columns={1} />}
      error={{ title: "The public key could not be loaded" }}
    >
      {(key) => <PublicKeyDetails publicKey={key} />}
    </QueryState>
  );
}

function PublicKeyDetails({ publicKey: key }: { publicKey: WebhookPublicKey }) {
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            Signature header
          </dt>
          <dd className="mt-1 flex items-center gap-1">
            <code className="font-mono text-sm">{key.headerName}</code>
            <CopyButton value={key.headerName} label="header name" />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            Algorithm
          </dt>
          <dd className="mt-1 text-sm">
            ECDSA with SHA-256 over the raw body{key.keyType ? ` (${key.keyType})` : ""}
          </dd>
        </div>
        {key.fingerprint ? (
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
              SHA-256 fingerprint
            </dt>
            <dd className="mt-1 break-all font-mono text-xs">{key.fingerprint}</dd>
          </div>
        ) : null}
      </dl>
      {key.publicKeyPem ? (
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between">
            <h3 className="text-sm font-semibold">Public key (PEM)</h3>
            <CopyButton value={key.publicKeyPem} label="public key" showText />
          </div>
          <pre className="overflow-x-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs leading-5 dark:border-zinc-800 dark:bg-zinc-950">
            {key.publicKeyPem}
          </pre>
          {key.error ? <p className="text-sm text-red-700 dark:text-red-400">{key.error}</p> : null}
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            The {environmentLabel(key.environment).toLowerCase()}'s key, set with{" "}
            <code className="font-mono">{key.setting}</code>. When the payment API rotates its key, update
            this setting and restart the console.
          </p>
        </div>
      ) : (
        <EmptyState
          icon={KeyRound}
          headingLevel="h3"
          title="No public key is configured"
          description={`Without one no webhook of the ${environmentLabel(key.environment).toLowerCase()} can be verified, so its deliveries are refused with 401. Set ${key.setting} to the PEM key the payment API shows, then restart the console.`}
        />
      )}
    </div>
  );
}
