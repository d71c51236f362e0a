"use client";

import { useQuery } from "@tanstack/react-query";
import type * as React from "react";
import { useEffect, useState } from "react";
import { useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { Spinner } from "@/components/ui/spinner";
import { WrappableValue } from "@/components/ui/wrappable-address";
import { SendTestWebhook } from "@/components/webhooks/send-test-webhook";
import { TestWebhookResult } from "@/components/webhooks/test-webhook-result";
import { listWebhookDeliveries } from "@/lib/client/api/webhooks";
import { queryKeys } from "@/lib/universal/api/keys";
import type { ConfigFormOutput, ConfigFormValues } from "@/lib/universal/config/form";

export type EndpointTest = {
  url: string;
  /** The endpoint the save replaced, to put back when the new one does not answer; null when there was none. */
  previous: string | null;
  /** Deliveries that existed before the save, so the new TEST is told apart; null when they cannot be listed. */
  before: readonly string[] | null;
  savedAt: number;
};

const GIVE_UP_AFTER_MS = 40_000;

function isThisConsole(url: string): boolean {
  try {
    const target = new URL(url);
    const loopback = ["localhost", "127.0.0.1", "[::1]"];
    const sameHost =
      target.host === window.location.host ||
      (loopback.includes(target.hostname) &&
        loopback.includes(window.location.hostname) &&
        target.port === window.location.port);
    return sameHost && target.pathname === "/api/webhooks";
  } catch {
    return false;
  }
}

/**
 * The TEST event the payment API sends when the endpoint changes, and what the endpoint answered. The local service
 * reports its deliveries, so the answer is read from there; a real deployment does not, and a fresh test is offered.
 */
export function EndpointTestResult({ test }: { test: EndpointTest }) {
  const [gaveUp, setGaveUp] = useState(false);
  const [toConsole, setToConsole] = useState(false);
  const before = test.before;

  useEffect(() => {
    setToConsole(isThisConsole(test.url));
    const timer = setTimeout(() => setGaveUp(true), GIVE_UP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [test.url]);

  const deliveries = useQuery({
    queryKey: [...queryKeys.webhooks, "deliveries", test.savedAt],
    queryFn: ({ signal }) => listWebhookDeliveries(50, signal),
    enabled: before !== null,
    refetchInterval: (query) => {
      const found = query.state.data?.data.some(
        (delivery) =>
          delivery.type === "TEST" && !before?.includes(delivery.webhookId) && delivery.attempts.length > 0,
      );
      return found || gaveUp ? false : 1000;
    },
  });

  if (before === null) {
    return (
      <div className="flex flex-col gap-3 rounded-md border border-zinc-200 p-4 text-sm dark:border-zinc-800">
        <p>
          The payment API sent a TEST event to <span className="break-all font-mono text-xs">{test.url}</span>
          . It does not report what the endpoint answered; send another test to see the answer.
        </p>
        <SendTestWebhook label="Send a test webhook now" />
      </div>
    );
  }

  const delivery = deliveries.data?.data.find(
    (candidate) =>
      candidate.type === "TEST" && !before.includes(candidate.webhookId) && candidate.attempts.length > 0,
  );
  const attempt = delivery?.attempts.at(-1);

  return (
    <div aria-live="polite" className="flex flex-col gap-2">
      {attempt ? (
        <>
          <TestWebhookResult
            title="TEST event sent on saving"
            outcome={{
              url: attempt.url,
              status: attempt.statusCode,
              body: attempt.responseBody,
              error: attempt.error ?? undefined,
              at: new Date(test.savedAt).toISOString(),
            }}
          />
          {attempt.error ||
          attempt.statusCode === null ||
          attempt.statusCode < 200 ||
          attempt.statusCode > 299 ? (
            <EndpointFailing previous={test.previous} />
          ) : null}
          {toConsole ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              This endpoint is this console's own receiver:{" "}
              <Link
                href="/webhooks?type=TEST"
                className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400"
              >
                see the TEST event in the webhook inbox
              </Link>
              .
            </p>
          ) : null}
        </>
      ) : gaveUp || deliveries.isError ? (
        <div className="flex flex-col gap-3 rounded-md border border-amber-200 bg-amber-50/60 p-4 text-sm dark:border-amber-900 dark:bg-amber-950/40">
          <p>
            No answer to the TEST event has been reported yet. The endpoint may be slow (it has 30 seconds),
            or the delivery is still queued. Send a test to try again now.
          </p>
          <SendTestWebhook label="Send a test webhook now" />
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner />
          Sending a TEST event to <span className="break-all font-mono text-xs">{test.url}</span>…
        </p>
      )}
    </div>
  );
}

/**
 * What a new endpoint that did not answer the TEST means while it stays (a pending incoming payment whose webhook is
 * not answered fails), and the way back: the previous endpoint is put in the field, to review and save as any change
 * (a second admin approves it where the rule asks for one).
 */
export function EndpointFailing({
  previous,
  lead,
  readOnly = false,
}: {
  previous: string | null;
  /** What is known of the failure, before what it means (the latest delivery's outcome after a reload). */
  lead?: React.ReactNode;
  /** A reader who cannot change the configuration is told, not offered Put back. */
  readOnly?: boolean;
}) {
  const form = useFormContext<ConfigFormValues, unknown, ConfigFormOutput>();
  return (
    <div
      role="note"
      aria-label="The webhook endpoint does not answer"
      className="flex min-w-0 flex-col gap-2 rounded-md border border-red-200 bg-red-50/60 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      {lead ? <p className="wrap-break-word">{lead}</p> : null}
      <p>
        While this endpoint does not answer, incoming payments fail: the payment API fails a pending payment
        whose webhook gets no answer (PAYMENT_APPROVAL_WEBHOOK_ERROR). Fix the endpoint, or put the previous
        one back.
      </p>
      {previous && !readOnly ? (
        <div className="min-w-0">
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              form.setValue("webhookEndpoint", previous, { shouldDirty: true, shouldValidate: true });
              form.setFocus("webhookEndpoint");
            }}
            className="h-auto max-w-full whitespace-normal py-1 text-left"
          >
            <span className="min-w-0 wrap-break-word">
              Put back <WrappableValue text={previous} />
            </span>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
