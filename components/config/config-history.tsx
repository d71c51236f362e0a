"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { LoadOlder } from "@/components/data-table/load-older";
import type { ItemNoun } from "@/components/data-table/pagination-summary";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FromTo } from "@/components/ui/from-to";
import { QueryState } from "@/components/ui/query-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { EmptyState, LoadingState } from "@/components/ui/states";
import { Timestamp } from "@/components/ui/timestamp";
import { WrappableValue } from "@/components/ui/wrappable-address";
import { configHistoryQuery } from "@/lib/client/api/config";
import { type HistoryChanges, historyChanges } from "@/lib/client/config/history-changes";
import { ROLE_LABELS } from "@/lib/universal/auth/role-labels";
import type { ConfigChange } from "@/lib/universal/config/diff";
import { cn } from "@/lib/universal/utils";
import { domainWithAsciiForm } from "@/shared/contract/domain-scripts";
import { CurrencyChangeItem } from "./config-diff-list";

/**
 * A person as the console names people: their name, the email (unique where two share a name) on hover; the email
 * alone for someone who is no longer a member.
 */
function Person({
  name,
  email,
  className,
}: {
  name: string | null;
  email: string | null;
  className?: string;
}) {
  if (!email) return <span className={className}>Unknown person</span>;
  if (!name) return <span className={cn("wrap-break-word", className)}>{email}</span>;
  return (
    <span title={email} className={className}>
      {name}
    </span>
  );
}

const CHANGES: ItemNoun = { one: "change", other: "changes" };

const roleLabel = (role: string) => (isRole(role) ? ROLE_LABELS[role] : role);
const isRole = (role: string): role is keyof typeof ROLE_LABELS => Object.hasOwn(ROLE_LABELS, role);

function SettingLine({ label, from, to }: { label: string; from: string | undefined; to: string }) {
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <Badge variant="info">Changed</Badge>
      <span className="font-medium">{label}</span>
      {/* A long URL wraps at its own separators (a path at its slashes), whole on the page. */}
      <span className="min-w-0 max-w-full wrap-break-word font-mono text-xs">
        {from === undefined ? (
          <>
            set to <WrappableValue text={to} />
          </>
        ) : (
          <FromTo from={<WrappableValue text={from} />} to={<WrappableValue text={to} />} />
        )}
      </span>
    </li>
  );
}

function changeKey(change: ConfigChange): string {
  if (change.kind !== "currency") return change.kind;
  const inner = change.change;
  return `currency-${inner.kind === "changed" ? inner.currencyCode : inner.currency.currencyCode}`;
}

/** An exact change: the configuration before it and after it, as the console read them around the change. */
function ExactChanges({ changes }: { changes: readonly ConfigChange[] }) {
  if (changes.length === 0) {
    return <li className="text-zinc-600 dark:text-zinc-400">Saved with nothing changed.</li>;
  }
  return changes.map((change) =>
    change.kind === "umaDomain" ? (
      <SettingLine
        key={changeKey(change)}
        label="UMA domain"
        from={domainWithAsciiForm(change.from)}
        to={domainWithAsciiForm(change.to)}
      />
    ) : change.kind === "webhookEndpoint" ? (
      <SettingLine
        key={changeKey(change)}
        label="Webhook endpoint"
        from={change.from || "not set"}
        to={change.to || "not set"}
      />
    ) : (
      <li key={changeKey(change)}>
        <CurrencyChangeItem change={change.change} />
      </li>
    ),
  );
}

/** An entry from before the console stored what a change replaced: the values it set, without a guessed "from". */
function SetValues({ history }: { history: Extract<HistoryChanges, { kind: "set" }> }) {
  const { values, fields } = history;
  const known = Object.keys(values).length > 0;
  return (
    <>
      {values.umaDomain !== undefined ? (
        <SettingLine label="UMA domain" from={undefined} to={domainWithAsciiForm(values.umaDomain)} />
      ) : null}
      {values.webhookEndpoint !== undefined ? (
        <SettingLine label="Webhook endpoint" from={undefined} to={values.webhookEndpoint} />
      ) : null}
      {values.supportedCurrencies !== undefined ? (
        <li className="flex flex-wrap items-center gap-2">
          <Badge variant="info">Changed</Badge>
          <span className="font-medium">Supported currencies</span>
          <span>set to {values.supportedCurrencies.map((c) => c.currencyCode).join(", ")}</span>
        </li>
      ) : null}
      {!known ? (
        <li className="text-zinc-600 dark:text-zinc-400">
          Changed {fields.length > 0 ? fields.join(", ") : "the configuration"}.
        </li>
      ) : null}
      <li className="text-xs text-zinc-500 dark:text-zinc-400">
        Recorded before the console kept the configuration before each change: only the new values are known.
      </li>
    </>
  );
}

/**
 * Who changed the configuration through the console, what and when. Each entry holds the configuration just before
 * the change (read from the payment API as it was relayed) and the API's answer after it, so what a change
 * replaced is shown as it was, even when the change before it was made outside the console.
 */
export function ConfigHistory() {
  const query = useInfiniteQuery(configHistoryQuery());
  const entries = query.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Card aria-labelledby="config-history-heading">
      <CardHeader>
        <div>
          <CardTitle id="config-history-heading">Change history</CardTitle>
          <CardDescription>
            Changes that took effect on the UMA domain, the webhook endpoint and the currencies, newest first:
            saved or approved through this console, or noticed at the API. Proposals declined or withdrawn,
            and the four-eyes setting, are in the audit log.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          loading={<LoadingState label="Loading the change history" rows={3} columns={2} />}
          error={{ title: "The change history could not be loaded" }}
          isEmpty={() => entries.length === 0}
          empty={
            <EmptyState
              icon={History}
              headingLevel="h3"
              title="No changes saved through the console yet"
              description="Every configuration change an admin saves here is listed with who made it and when."
            />
          }
        >
          {() => (
            <div className="flex flex-col gap-4">
              <ol aria-label="Configuration changes" className="flex flex-col gap-3">
                {entries.map((entry) => {
                  const history = historyChanges(entry.summary);
                  // A change the console noticed at the API but did not make (lib/server/config/outside-changes.ts).
                  const outside = entry.summary.outside === true;
                  return (
                    <li
                      key={entry.id}
                      className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
                    >
                      <div className="flex flex-wrap items-baseline justify-between gap-2">
                        {outside ? (
                          <p className="flex flex-wrap items-center gap-2">
                            <Badge variant="warning">Changed at the API, not through this console</Badge>
                            <span className="text-xs text-zinc-600 dark:text-zinc-400">
                              Noticed when the console read the configuration; made with an API credential
                              directly.
                            </span>
                          </p>
                        ) : (
                          <p className="min-w-0">
                            <Person name={entry.actorName} email={entry.actorEmail} className="font-medium" />
                            {entry.actorRole ? (
                              <span className="ml-1.5 text-xs text-zinc-500 dark:text-zinc-400">
                                ({roleLabel(entry.actorRole)})
                              </span>
                            ) : null}
                            {/* A change two admins made: the one above approved it, this one proposed it. */}
                            {entry.summary.fourEyes === "approved" &&
                            typeof entry.summary.proposedBy === "string" ? (
                              <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                                Approved; proposed by{" "}
                                <Person name={entry.proposedByName} email={entry.summary.proposedBy} />
                              </span>
                            ) : null}
                          </p>
                        )}
                        <p className="text-xs text-zinc-500 dark:text-zinc-400">
                          <RelativeTime date={entry.occurredAt} clock="console" /> ·{" "}
                          <Timestamp value={entry.occurredAt} style="precise" className="font-mono" />
                        </p>
                      </div>
                      <ul className="mt-2 flex flex-col gap-2">
                        {history.kind === "exact" ? (
                          <ExactChanges changes={history.changes} />
                        ) : (
                          <SetValues history={history} />
                        )}
                      </ul>
                    </li>
                  );
                })}
              </ol>
              <LoadOlder query={query} count={entries.length} noun={CHANGES} size="sm" />
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
