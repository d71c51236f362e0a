"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Clock } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { QueryState } from "@/components/ui/query-state";
import { Timestamp } from "@/components/ui/timestamp";
import { toast } from "@/components/ui/toast";
import { runSandboxExchange, type SandboxExchange, serviceClockQuery } from "@/lib/client/api/sandbox";
import { queryKeys } from "@/lib/universal/api/keys";
import { formatCount } from "@/lib/universal/intl/count";
import { ExchangeView } from "./action-results";
import { exchangeErrorMessage } from "./exchange-status";

const STEPS = [
  { seconds: 60, label: "1 minute" },
  { seconds: 600, label: "10 minutes" },
  { seconds: 3600, label: "1 hour" },
  { seconds: 86_400, label: "1 day" },
] as const;

const MAX_SECONDS = 365 * 24 * 60 * 60;

/** "2 days 3 hours", for how far the clock is ahead. */
function describeDuration(totalSeconds: number): string {
  if (totalSeconds < 1) return "0 seconds";
  const parts: string[] = [];
  const units: [number, string][] = [
    [86_400, "day"],
    [3600, "hour"],
    [60, "minute"],
    [1, "second"],
  ];
  let rest = Math.round(totalSeconds);
  for (const [size, name] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count} ${name}${count === 1 ? "" : "s"}`);
    if (parts.length === 2) break;
  }
  return parts.join(" ");
}

/**
 * Moves the local payment service's clock forward, so quotes, invitations and approval windows expire without
 * waiting. The clock never goes back, so every move is confirmed.
 */
export function ClockCard({
  localService,
  onExchange,
}: {
  localService: boolean;
  onExchange: (exchange: SandboxExchange) => void;
}) {
  const queryClient = useQueryClient();
  const clock = useQuery({ ...serviceClockQuery(), enabled: localService });
  const [pending, setPending] = useState<number | null>(null);
  const [custom, setCustom] = useState("");
  const [customError, setCustomError] = useState<string | null>(null);
  const [last, setLast] = useState<SandboxExchange | null>(null);
  const customId = useId();

  const advance = async (seconds: number) => {
    const exchange = await runSandboxExchange("Move the clock forward", "POST", "/_local/clock/advance", {
      seconds,
    });
    setLast(exchange);
    onExchange(exchange);
    if (!exchange.ok) {
      toast.error("The clock did not move", { description: exchangeErrorMessage(exchange) });
      throw new Error(exchangeErrorMessage(exchange));
    }
    toast.success(`The clock moved forward ${describeDuration(seconds)}`);
    for (const key of [
      queryKeys.sandboxClock,
      queryKeys.quotes,
      queryKeys.approvals,
      queryKeys.transactions,
      queryKeys.invitations,
    ]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };

  if (!localService) {
    return (
      <Card aria-labelledby="sandbox-clock-heading">
        <CardHeader>
          <div>
            <CardTitle id="sandbox-clock-heading">Move the clock</CardTitle>
            <CardDescription>
              Only the local payment service has a clock you can move; this console talks to another
              deployment.
            </CardDescription>
          </div>
        </CardHeader>
      </Card>
    );
  }

  return (
    <Card aria-labelledby="sandbox-clock-heading">
      <CardHeader>
        <div>
          <CardTitle id="sandbox-clock-heading">Move the clock</CardTitle>
          <CardDescription>
            Jump the local payment service forward in time: quotes, invitations and approval windows that end
            meanwhile expire at once.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <p className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
          <Clock aria-hidden="true" className="size-4 text-zinc-500 dark:text-zinc-400" />
          <QueryState
            query={clock}
            loading="Reading the service's clock…"
            error={() => "The service's clock could not be read."}
          >
            {({ now, offsetSeconds }) => (
              <>
                Service time <Timestamp value={now} style="precise" className="font-mono font-medium" />
                <span className="text-zinc-600 dark:text-zinc-400">
                  {offsetSeconds > 0
                    ? `· ${describeDuration(offsetSeconds)} ahead of real time`
                    : "· real time"}
                </span>
              </>
            )}
          </QueryState>
        </p>
        <div className="flex flex-wrap items-end gap-2">
          {STEPS.map((step) => (
            <Button key={step.seconds} variant="outline" size="sm" onClick={() => setPending(step.seconds)}>
              +{step.label}
            </Button>
          ))}
          <form
            noValidate
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              const seconds = Number(custom);
              if (!/^\d+$/.test(custom.trim()) || seconds < 1 || seconds > MAX_SECONDS) {
                setCustomError(`Enter whole seconds from 1 to ${formatCount(MAX_SECONDS)}`);
                return;
              }
              setCustomError(null);
              setPending(seconds);
            }}
          >
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={customId} className="text-xs">
                Seconds
              </Label>
              <Input
                id={customId}
                inputMode="numeric"
                value={custom}
                onChange={(event) => setCustom(event.target.value)}
                aria-invalid={customError ? true : undefined}
                aria-describedby={customError ? `${customId}-error` : undefined}
                className="h-8 w-32"
              />
            </div>
            <Button type="submit" size="sm">
              Move forward
            </Button>
          </form>
        </div>
        {customError ? (
          <p id={`${customId}-error`} className="-mt-3 text-xs font-medium text-red-700 dark:text-red-400">
            {customError}
          </p>
        ) : null}
        {last ? <ExchangeView exchange={last} /> : null}
      </CardContent>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={`Move the clock forward ${describeDuration(pending ?? 0)}?`}
        description="Everything that ends within that time expires at once: quotes, invitations and windows to approve payments. The clock cannot be moved back."
        confirmLabel="Move the clock"
        pendingLabel="Moving…"
        onConfirm={() => (pending === null ? undefined : advance(pending))}
      />
    </Card>
  );
}
