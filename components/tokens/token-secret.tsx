"use client";

import { KeyRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { cn, focusRing } from "@/lib/universal/utils";
import type { ApiToken } from "@/shared/contract";

/**
 * A new token's client id and secret, shown once: the payment API never gives the secret again and the console
 * does not keep it (an approved token's sealed copy is deleted as it is collected), so it lives only in this page's
 * memory until the person dismisses it. A program calls the payment API's base URL with them (HTTP Basic).
 */
export function TokenSecret({
  token,
  apiBaseUrl,
  onDismiss,
}: {
  token: Pick<ApiToken, "name" | "clientId" | "clientSecret">;
  /** The payment API's base URL, the address a program calls with this id and secret. */
  apiBaseUrl: string;
  onDismiss: () => void;
}) {
  // Focus comes here as the secret appears (the button that made it is in another card, or gone with its card), so
  // the next Tab reaches its copy buttons rather than the form further down.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby="token-secret-heading"
      className={cn(
        "flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
        focusRing,
      )}
    >
      <h2 id="token-secret-heading" className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden="true" className="size-4" />
        Copy the secret of {token.name} now
      </h2>
      <p>
        It is shown only this once. Store it where the program that uses it can read it; if it is lost, revoke
        the token and create another.
      </p>
      <dl className="grid gap-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">API address</dt>
        <dd className="flex min-w-0 flex-col gap-0.5">
          <span className="flex min-w-0 items-center gap-1">
            <code className="break-all font-mono text-xs">{apiBaseUrl}</code>
            <CopyButton value={apiBaseUrl} label="API address" />
          </span>
          <span className="text-xs">
            A program calls it with the client id as user name and the secret as password (HTTP Basic).
          </span>
        </dd>
        <dt className="font-medium">Client id</dt>
        <dd className="flex min-w-0 items-center gap-1">
          <code className="break-all font-mono text-xs">{token.clientId}</code>
          <CopyButton value={token.clientId} label="client id" />
        </dd>
        <dt className="font-medium">Client secret</dt>
        <dd className="flex min-w-0 items-center gap-1">
          {token.clientSecret ? (
            <>
              <code className="break-all font-mono text-xs">{token.clientSecret}</code>
              <CopyButton value={token.clientSecret} label="client secret" />
            </>
          ) : (
            <span>
              Not in this answer: it went to the first request. Revoke the token and create another.
            </span>
          )}
        </dd>
      </dl>
      <div>
        <Button variant="outline" size="sm" onClick={onDismiss}>
          I have stored it
        </Button>
      </div>
    </section>
  );
}
