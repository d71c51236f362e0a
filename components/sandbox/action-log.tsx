"use client";

import { ScrollText } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/states";
import { Timestamp } from "@/components/ui/timestamp";
import type { SandboxExchange } from "@/lib/client/api/sandbox";
import { ExchangeView } from "./action-results";

/** Every action taken on this page in this tab, newest first, each with its request and response. */
export function ActionLog({
  entries,
  onClear,
}: {
  entries: readonly SandboxExchange[];
  onClear: () => void;
}) {
  return (
    <Card aria-labelledby="sandbox-log-heading" className="lg:sticky lg:top-4">
      <CardHeader>
        <div className="min-w-0 flex-1 basis-48">
          <CardTitle id="sandbox-log-heading">Action log</CardTitle>
          <CardDescription>What you did here, newest first. Kept until this tab closes.</CardDescription>
        </div>
        {entries.length > 0 ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear log
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <EmptyState
            icon={ScrollText}
            headingLevel="h3"
            title="No actions yet"
            description="Each request you make here is listed with what was sent and what came back."
            className="py-8"
          />
        ) : (
          <ol aria-label="Actions taken" className="flex max-h-[70vh] flex-col gap-2 overflow-y-auto">
            {entries.map((entry) => (
              <li key={entry.id}>
                <details className="group rounded-md border border-zinc-200 dark:border-zinc-800">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{entry.action}</span>
                      <span className="block truncate font-mono text-[11px] text-zinc-500 dark:text-zinc-400">
                        <Timestamp value={entry.at} style="time" /> · {entry.request.method}{" "}
                        {entry.request.path}
                      </span>
                    </span>
                    <Badge variant={entry.ok ? "success" : "danger"} className="font-mono">
                      {entry.response.status === 0 ? "—" : entry.response.status}
                    </Badge>
                  </summary>
                  <div className="border-t border-zinc-200 p-3 dark:border-zinc-800">
                    <ExchangeView exchange={entry} />
                  </div>
                </details>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
