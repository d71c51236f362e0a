import { Badge } from "@/components/ui/badge";
import { BodyView, JsonView } from "@/components/webhooks/json-view";
import type { SandboxExchange } from "@/lib/client/api/sandbox";
import { cn } from "@/lib/universal/utils";
import { statusText } from "./exchange-status";

/** One request as it was sent through the console and the answer as it came back. */
export function ExchangeView({ exchange, className }: { exchange: SandboxExchange; className?: string }) {
  const { request, response } = exchange;
  // Side by side only when the card is wide enough for two JSON blocks; the log's narrow column stacks them.
  return (
    <div className="@container">
      <div className={cn("grid gap-3 @2xl:grid-cols-2", className)}>
        <section aria-label={`Request: ${exchange.action}`} className="flex min-w-0 flex-col gap-1.5">
          <h4 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            Request
          </h4>
          <p className="break-all font-mono text-xs">
            <span className="font-semibold">{request.method}</span> {request.path}
          </p>
          {request.body !== undefined ? (
            <JsonView value={request.body} label="Request body" className="max-h-64" />
          ) : (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">No body</p>
          )}
        </section>
        <section aria-label={`Response: ${exchange.action}`} className="flex min-w-0 flex-col gap-1.5">
          <h4 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            Response
          </h4>
          <p>
            <Badge variant={exchange.ok ? "success" : "danger"} className="font-mono">
              {statusText(response.status)}
            </Badge>
          </p>
          {typeof response.body === "string" ? (
            <BodyView text={response.body} label="Response body" className="max-h-64" />
          ) : (
            <JsonView value={response.body} label="Response body" className="max-h-64" />
          )}
        </section>
      </div>
    </div>
  );
}
