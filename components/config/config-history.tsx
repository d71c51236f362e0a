"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { Timestamp } from "@/components/ui/timestamp";
import { diffCurrencies } from "@/lib/config/diff";
import { type ConfigChangeSummary, configHistoryQuery } from "@/lib/payments/config";
import { CurrencyChangeItem, FromTo } from "./config-diff-list";

type Changes = NonNullable<ConfigChangeSummary["changes"]>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isOptional = (value: unknown, check: (value: unknown) => boolean) =>
  value === undefined || check(value);
const isString = (value: unknown) => typeof value === "string";
const isNumber = (value: unknown) => typeof value === "number" && Number.isFinite(value);
const isArrayOf = (check: (value: unknown) => boolean) => (value: unknown) =>
  Array.isArray(value) && value.every(check);
const isCurrency = (value: unknown) =>
  isRecord(value) &&
  isString(value.currencyCode) &&
  isNumber(value.minAmount) &&
  isNumber(value.maxAmount) &&
  isArrayOf((field) => isRecord(field) && isString(field.name) && typeof field.mandatory === "boolean")(
    value.requiredCounterpartyFields,
  );

/**
 * The audit summary this console's own PATCH /config handler wrote (lib/audit), read leniently by its shape:
 * entries written before the summary carried the new values have only the field names, and one in an unknown
 * shape shows no details rather than failing the list.
 */
function changesOf(summary: Record<string, unknown>): { changes: Changes; fields: string[] } {
  const { fields, changes } = summary;
  const valid =
    isOptional(fields, isArrayOf(isString)) &&
    isOptional(
      changes,
      (value) =>
        isRecord(value) &&
        isOptional(value.umaDomain, isString) &&
        isOptional(value.webhookEndpoint, isString) &&
        isOptional(value.supportedCurrencies, isArrayOf(isCurrency)),
    );
  if (!valid) return { changes: {}, fields: [] };
  const typed = summary as ConfigChangeSummary;
  return { changes: typed.changes ?? {}, fields: typed.fields ?? [] };
}

/** The value a setting had before entry `index`: the same setting in the next older entry that set it. */
function previous<K extends keyof Changes>(
  all: readonly Changes[],
  index: number,
  key: K,
): Changes[K] | undefined {
  for (let i = index + 1; i < all.length; i++) {
    const value = all[i]?.[key];
    if (value !== undefined) return value;
  }
  return undefined;
}

function SettingLine({ label, from, to }: { label: string; from: string | undefined; to: string }) {
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <Badge variant="info">Changed</Badge>
      <span className="font-medium">{label}</span>
      <span className="break-all font-mono text-xs">
        {from === undefined ? <>set to {to}</> : <FromTo from={from} to={to} />}
      </span>
    </li>
  );
}

/**
 * Who changed the configuration through the console, what and when. Each entry records the new values; what they
 * replaced is read from the change before it, so the first change shown lists the currencies it set.
 */
export function ConfigHistory() {
  const query = useInfiniteQuery(configHistoryQuery());
  const entries = query.data?.pages.flatMap((page) => page.data) ?? [];
  const summaries = entries.map((entry) => changesOf(entry.summary));
  const allChanges = summaries.map((summary) => summary.changes);

  return (
    <Card aria-labelledby="config-history-heading">
      <CardHeader>
        <div>
          <CardTitle id="config-history-heading">Change history</CardTitle>
          <CardDescription>
            Changes saved through this console, newest first, from the audit log.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingState label="Loading the change history" rows={3} columns={2} />
        ) : query.isError ? (
          <ErrorState
            title="The change history could not be loaded"
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : entries.length === 0 ? (
          <EmptyState
            icon={History}
            headingLevel="h3"
            title="No changes saved through the console yet"
            description="Every configuration change an admin saves here is listed with who made it and when."
          />
        ) : (
          <div className="flex flex-col gap-4">
            <ol aria-label="Configuration changes" className="flex flex-col gap-3">
              {entries.map((entry, index) => {
                const { changes, fields } = summaries[index] ?? { changes: {}, fields: [] };
                const beforeCurrencies = previous(allChanges, index, "supportedCurrencies");
                const currencyChanges =
                  changes.supportedCurrencies && beforeCurrencies
                    ? diffCurrencies(beforeCurrencies, changes.supportedCurrencies)
                    : [];
                const known = Object.keys(changes).length > 0;
                return (
                  <li
                    key={entry.id}
                    className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
                  >
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p>
                        <span className="font-medium">{entry.actorEmail ?? "Unknown person"}</span>
                        {entry.actorRole ? (
                          <span className="ml-1.5 text-xs text-zinc-500 dark:text-zinc-400">
                            ({entry.actorRole})
                          </span>
                        ) : null}
                      </p>
                      <p className="text-xs text-zinc-500 dark:text-zinc-400">
                        <RelativeTime date={entry.occurredAt} clock="console" /> ·{" "}
                        <Timestamp value={entry.occurredAt} style="precise" className="font-mono" />
                      </p>
                    </div>
                    <ul className="mt-2 flex flex-col gap-2">
                      {changes.umaDomain !== undefined ? (
                        <SettingLine
                          label="UMA domain"
                          from={previous(allChanges, index, "umaDomain")}
                          to={changes.umaDomain}
                        />
                      ) : null}
                      {changes.webhookEndpoint !== undefined ? (
                        <SettingLine
                          label="Webhook endpoint"
                          from={previous(allChanges, index, "webhookEndpoint")}
                          to={changes.webhookEndpoint}
                        />
                      ) : null}
                      {changes.supportedCurrencies !== undefined && beforeCurrencies === undefined ? (
                        <li className="flex flex-wrap items-center gap-2">
                          <Badge variant="info">Changed</Badge>
                          <span className="font-medium">Supported currencies</span>
                          <span>
                            set to {changes.supportedCurrencies.map((c) => c.currencyCode).join(", ")}
                          </span>
                        </li>
                      ) : null}
                      {currencyChanges.map((change) => (
                        <li
                          key={change.kind === "changed" ? change.currencyCode : change.currency.currencyCode}
                        >
                          <CurrencyChangeItem change={change} />
                        </li>
                      ))}
                      {changes.supportedCurrencies !== undefined &&
                      beforeCurrencies !== undefined &&
                      currencyChanges.length === 0 ? (
                        <li className="text-zinc-600 dark:text-zinc-400">Saved the currencies unchanged.</li>
                      ) : null}
                      {!known ? (
                        <li className="text-zinc-600 dark:text-zinc-400">
                          Changed {fields.length > 0 ? fields.join(", ") : "the configuration"}.
                        </li>
                      ) : null}
                    </ul>
                  </li>
                );
              })}
            </ol>
            {query.hasNextPage ? (
              <Button
                variant="outline"
                size="sm"
                className="self-center"
                onClick={() => void query.fetchNextPage()}
                loading={query.isFetchingNextPage}
                loadingText="Loading…"
              >
                Load older changes
              </Button>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
