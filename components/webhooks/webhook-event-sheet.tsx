"use client";

import { idLinkClasses, transactionHref } from "@/components/transactions/links";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { Link } from "@/components/ui/link";
import { Sheet, SheetBody, SheetContent } from "@/components/ui/sheet";
import { StatusBadge } from "@/components/ui/status-badge";
import { Timestamp } from "@/components/ui/timestamp";
import type { InboxRow } from "@/lib/client/api/webhooks";
import { answerMeaning, rejectionReason } from "./inbox-presentation";
import { BodyView, JsonView } from "./json-view";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2">
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
        {label}
      </dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

/** One received event in full: what arrived, whether it verified, how the console answered, and the JSON. */
export function WebhookEventSheet({ row, onClose }: { row: InboxRow | null; onClose: () => void }) {
  return (
    <Sheet
      open={row !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {row ? (
        <SheetContent
          className="w-[min(44rem,calc(100%-2rem))]"
          title={row.kind === "verified" ? `${row.type} event` : "Delivery that failed verification"}
          description={
            row.kind === "verified"
              ? "The signature verified; the event is stored once, however often it is delivered."
              : "Nothing of it entered the inbox; the console answered 401."
          }
        >
          <SheetBody className="flex flex-col gap-5 pb-6">
            <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {row.kind === "verified" ? (
                <Row label="Event ID">
                  <span className="flex items-center gap-1">
                    <span className="break-all font-mono text-xs">{row.webhookId}</span>
                    <CopyButton value={row.webhookId} label="event ID" />
                  </span>
                </Row>
              ) : null}
              <Row label="Received">
                <Timestamp value={row.receivedAt} style="precise" />
              </Row>
              <Row label="Signature">
                {row.kind === "verified" ? (
                  <Badge variant="success">Verified</Badge>
                ) : (
                  <Badge variant="danger">Failed: {rejectionReason(row.reason)}</Badge>
                )}
              </Row>
              <Row label="Answer">
                {row.kind === "verified" ? (
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-mono">HTTP {row.responseStatus}</span>
                    <Badge variant={answerMeaning(row.responseStatus, row.type).tone}>
                      {answerMeaning(row.responseStatus, row.type).label}
                    </Badge>
                  </span>
                ) : (
                  <span className="font-mono">HTTP 401</span>
                )}
              </Row>
              {row.kind === "verified" && row.transactionId ? (
                <Row label="Transaction">
                  <span className="flex flex-wrap items-center gap-2">
                    <Link href={transactionHref(row.transactionId)} className={idLinkClasses}>
                      {row.transactionId}
                    </Link>
                    <CopyButton value={row.transactionId} label="transaction ID" />
                    {row.transactionStatus ? <StatusBadge status={row.transactionStatus} /> : null}
                  </span>
                </Row>
              ) : null}
            </dl>
            {row.kind === "verified" ? (
              <>
                <section className="flex flex-col gap-2">
                  {row.rawBody === null ? (
                    <>
                      <h3 className="text-sm font-semibold">Payload, as your role sees it</h3>
                      {/* Not what was delivered: a developer copying it must know the values were rewritten. */}
                      <p className="text-sm text-zinc-600 dark:text-zinc-400">
                        The console masked the counterparty's personal data in it (•••) and withheld what
                        people wrote about the sender: it is not the body as delivered.
                      </p>
                    </>
                  ) : (
                    <h3 className="text-sm font-semibold">Payload</h3>
                  )}
                  <JsonView value={row.payload} label="Event payload" />
                </section>
                {row.responseBody ? (
                  <section className="flex flex-col gap-2">
                    <h3 className="text-sm font-semibold">The console's answer</h3>
                    <JsonView value={row.responseBody} label="Answer body" />
                  </section>
                ) : null}
                {row.rawBody === null ? (
                  <p className="rounded-md border border-zinc-200 px-3 py-2 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
                    Raw body withheld: it holds a counterparty's personal data, which your role sees masked.
                  </p>
                ) : (
                  <details className="group rounded-md border border-zinc-200 dark:border-zinc-800">
                    <summary className="cursor-pointer px-3 py-2 text-sm font-medium">
                      Raw body as received ({new TextEncoder().encode(row.rawBody).length} bytes)
                    </summary>
                    <div className="flex flex-col gap-2 p-3 pt-0">
                      <div className="flex justify-end">
                        <CopyButton value={row.rawBody} label="raw body" showText />
                      </div>
                      <pre className="max-h-72 overflow-auto whitespace-pre-wrap break-all rounded-md bg-zinc-50 p-3 font-mono text-xs dark:bg-zinc-950">
                        {row.rawBody}
                      </pre>
                    </div>
                  </details>
                )}
              </>
            ) : (
              <section className="flex flex-col gap-2">
                <h3 className="text-sm font-semibold">
                  Body{" "}
                  {!row.excerptWithheld && row.bodyBytes > row.bodyExcerpt.length
                    ? `(first ${row.bodyExcerpt.length} of ${row.bodyBytes} bytes)`
                    : ""}
                </h3>
                {row.excerptWithheld ? (
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">
                    Withheld: it names a counterparty's information, which your role sees masked, and a body
                    that failed verification cannot be masked.
                  </p>
                ) : (
                  <BodyView text={row.bodyExcerpt} label="Delivered body" />
                )}
              </section>
            )}
          </SheetBody>
        </SheetContent>
      ) : null}
    </Sheet>
  );
}
