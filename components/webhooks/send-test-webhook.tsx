"use client";

import { Send } from "lucide-react";
import { useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { toast } from "@/components/ui/toast";
import { sendTestWebhook } from "@/lib/client/api/webhooks";
import { ApiError } from "@/shared/api-error";
import { type TestDeliveryOutcome, TestWebhookResult } from "./test-webhook-result";

function outcomeOfError(error: unknown): TestDeliveryOutcome | { message: string; code?: string } {
  if (error instanceof ApiError && error.code === "WEBHOOK_DELIVERY_ERROR") {
    const url = typeof error.details?.url === "string" ? error.details.url : "the configured endpoint";
    return { url, status: null, body: null, error: error.message, at: new Date().toISOString() };
  }
  if (error instanceof ApiError) return { message: error.message, code: error.code };
  return { message: "The test could not be sent. Try again." };
}

/**
 * Sends a TEST event to the configured endpoint and shows where it went, what status came back and the body.
 * Developers and admins may; others see why not.
 */
export function SendTestWebhook({ label = "Send test webhook" }: { label?: string }) {
  const permission = usePermission("webhooks.test");
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<TestDeliveryOutcome | null>(null);
  const [failure, setFailure] = useState<{ message: string; code?: string } | null>(null);

  const send = async () => {
    setSending(true);
    setFailure(null);
    try {
      const result = await sendTestWebhook();
      const next = {
        url: result.url,
        status: result.response_status,
        body: result.response_body,
        at: new Date().toISOString(),
      };
      setOutcome(next);
      if (next.status >= 200 && next.status < 300)
        toast.success(`Test webhook delivered: HTTP ${next.status}`);
      else toast.error(`The endpoint answered HTTP ${next.status}`);
    } catch (error) {
      const result = outcomeOfError(error);
      if ("url" in result) {
        setOutcome(result);
        toast.error("The endpoint could not be reached");
      } else {
        setOutcome(null);
        setFailure(result);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <PermittedButton
          decision={permission}
          onClick={() => void send()}
          loading={sending}
          loadingText="Sending…"
        >
          <Send aria-hidden="true" />
          {label}
        </PermittedButton>
        {!permission.allowed ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{permission.reason}</p>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failure.message}
          {failure.code ? <span className="ml-1 font-mono text-xs">({failure.code})</span> : null}
        </p>
      ) : null}
      <div aria-live="polite">
        {outcome ? <TestWebhookResult outcome={outcome} title="Test webhook result" /> : null}
      </div>
    </div>
  );
}
