import { CircleCheck, CircleX } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { Timestamp } from "@/components/ui/timestamp";
import { cn } from "@/lib/universal/utils";
import { BodyView } from "./json-view";

export type TestDeliveryOutcome = {
  url: string;
  /** The endpoint's HTTP status; null when no answer arrived. */
  status: number | null;
  /** The endpoint's response body, or why there is none. */
  body: string | null;
  error?: string;
  /** When it was attempted, ISO. */
  at?: string;
};

const delivered = (status: number | null) =>
  status !== null && ((status >= 200 && status < 300) || status === 409);

/** What one TEST delivery reached and what the endpoint answered. */
export function TestWebhookResult({
  outcome,
  title,
  className,
}: {
  outcome: TestDeliveryOutcome;
  title: string;
  className?: string;
}) {
  const ok = delivered(outcome.status);
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <section
      aria-label={title}
      className={cn(
        "flex flex-col gap-3 rounded-md border p-4",
        ok
          ? "border-emerald-200 bg-emerald-50/60 dark:border-emerald-900 dark:bg-emerald-950/40"
          : "border-red-200 bg-red-50/60 dark:border-red-900 dark:bg-red-950/40",
        className,
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Icon
          aria-hidden="true"
          className={cn(
            "size-4",
            ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400",
          )}
        />
        <h3 className="text-sm font-semibold">{title}</h3>
        <Badge variant={ok ? "success" : "danger"}>
          {outcome.status === null ? "No answer" : `HTTP ${outcome.status}`}
        </Badge>
        {outcome.at ? (
          <Timestamp value={outcome.at} style="time" className="text-xs text-zinc-500 dark:text-zinc-400" />
        ) : null}
      </div>
      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            Endpoint
          </dt>
          <dd className="mt-0.5 flex items-center gap-1">
            <span className="min-w-0 break-all font-mono text-xs">{outcome.url}</span>
            <CopyButton value={outcome.url} label="endpoint URL" />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            Status
          </dt>
          <dd className="mt-0.5">
            {outcome.status === null
              ? `Not delivered: ${outcome.error ?? "the endpoint did not answer"}`
              : ok
                ? `Delivered: the endpoint answered HTTP ${outcome.status}`
                : `Refused: the endpoint answered HTTP ${outcome.status}`}
          </dd>
        </div>
        {outcome.status !== null ? (
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
              Response body
            </dt>
            <dd className="mt-1">
              <BodyView text={outcome.body ?? ""} label="Response body" />
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
