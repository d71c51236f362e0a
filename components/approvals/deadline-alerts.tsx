"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Countdown } from "@/components/ui/countdown";
import { Money } from "@/components/ui/money";
import { usePlatformSkew } from "@/components/ui/use-platform-skew";
import type { PendingApproval } from "@/lib/client/api/approvals";
import { closingBeyondSoonestPage, dueAlerts } from "@/lib/universal/approvals/deadline-alerts";
import { shortPaymentId } from "@/lib/universal/approvals/departure";
import type { ApprovalQueue } from "@/lib/universal/approvals/pending-approval";
import { senderNameOf } from "@/lib/universal/approvals/sender-name";
import { formatMinorUnits } from "@/lib/universal/money/format";
import { useAlertLead } from "./use-alert-lead";

interface Alert {
  id: string;
  approval: PendingApproval;
}

function senderOf(approval: PendingApproval): string {
  return senderNameOf(approval.counterpartyInformation, "an unknown sender");
}

/**
 * Tells a person watching the queue before a payment's window closes: an alert in the page and, when they allow
 * it, a browser notification (so a queue left in a background tab still reaches them). How long before is their
 * choice, kept in this browser. Only deadlines the payment API states are alerted; each payment once. `waiting` is
 * the page shown and the queue's soonest page (lib/universal/approvals/deadline-alerts.ts, alertWatchList); when even
 * the soonest page's latest deadline is near and more pages follow, a line says that more close after them. Each
 * alert says the payment's short id and the time left, so two alike (same amount, same masked sender) are told
 * apart. Shown only to those who may decide payments (approval-queue.tsx): a viewer could act on none. The lead is
 * set in `DeadlineAlertSettings`, which the queue draws in its toolbar's row.
 */
export function DeadlineAlertList({
  waiting,
  soonestPage,
  onReview,
  className,
}: {
  waiting: readonly PendingApproval[];
  /** The queue's first page, unnarrowed, soonest deadline first; undefined while it loads. */
  soonestPage: ApprovalQueue | undefined;
  onReview: (id: string) => void;
  className?: string;
}) {
  const [, lead] = useAlertLead();
  const skew = usePlatformSkew();
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [moreClosing, setMoreClosing] = useState(false);
  const alerted = useRef(new Set<string>());

  useEffect(() => {
    const check = () => {
      setMoreClosing(closingBeyondSoonestPage(soonestPage, Date.now() + skew, lead));
      const items = waiting.map((approval) => ({
        id: approval.transaction.id,
        deadline: approval.deadline,
        approval,
      }));
      const due = dueAlerts(items, Date.now() + skew, lead, alerted.current);
      if (due.length === 0) return;
      for (const item of due) {
        alerted.current.add(item.id);
        notify(item.approval);
      }
      // Every one is kept (no cap that would silently drop a payment); they leave when decided or dismissed.
      setAlerts((current) => [...due.map(({ id, approval }) => ({ id, approval })), ...current]);
    };
    check();
    // A clock for the page, not a test: deadlines come due as time passes, with no event to wait on.
    const timer = window.setInterval(check, 1_000);
    return () => window.clearInterval(timer);
  }, [waiting, soonestPage, lead, skew]);

  // An alert whose payment left the queue (decided or timed out) goes too.
  useEffect(() => {
    const still = new Set(waiting.map((approval) => approval.transaction.id));
    setAlerts((current) => {
      const kept = current.filter((alert) => still.has(alert.id));
      return kept.length === current.length ? current : kept;
    });
  }, [waiting]);

  return (
    // Assertive: a window about to close outranks what the person is reading. Kept in the page while empty, so that
    // a screen reader hears what is added to it.
    <div aria-live="assertive" className={className}>
      {alerts.length > 1 ? (
        <div className="mb-2 flex justify-end">
          <Button size="sm" variant="ghost" onClick={() => setAlerts([])}>
            Dismiss all {alerts.length} alerts
          </Button>
        </div>
      ) : null}
      {moreClosing && soonestPage ? (
        <p className="mb-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-950 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100">
          All {soonestPage.data.length} soonest payments close within {lead / 60_000} minute
          {lead === 60_000 ? "" : "s"}, and more wait after them: each is alerted here as it comes among the
          soonest.
        </p>
      ) : null}
      {alerts.length > 0 ? (
        <ul aria-label="Payments closing soon" className="flex max-h-80 flex-col gap-2 overflow-y-auto">
          {alerts.map(({ id, approval }) => (
            <li
              key={id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-950 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
            >
              <span>
                <span className="font-semibold">Deadline soon:</span>{" "}
                {approval.transaction.receivedAmount ? (
                  <Money
                    amount={approval.transaction.receivedAmount.amount}
                    currency={approval.transaction.receivedAmount.currency}
                  />
                ) : (
                  "A payment"
                )}{" "}
                from {senderOf(approval)} (payment{" "}
                <span className="font-mono" title={id}>
                  {shortPaymentId(id)}
                </span>
                ) must be decided before its window closes:{" "}
                {approval.deadline ? (
                  // Not read out every second inside the assertive list: the alert itself was said once.
                  <span aria-live="off">
                    <Countdown
                      deadline={approval.deadline}
                      label="closes in"
                      expiredLabel="closed"
                      className="align-bottom text-inherit"
                    />
                  </span>
                ) : null}
              </span>
              <span className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => onReview(id)}>
                  Review
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setAlerts((current) => current.filter((alert) => alert.id !== id))}
                >
                  Dismiss
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function notify(approval: PendingApproval): void {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const amount = approval.transaction.receivedAmount;
  const what = amount ? formatMinorUnits(amount.amount, amount.currency) : "A payment";
  try {
    new Notification("A payment's approval window closes soon", {
      body: `${what} from ${senderOf(approval)}: decide before it times out.`,
      tag: `deadline-${approval.transaction.id}`,
    });
  } catch {
    // Some browsers allow notifications only from a service worker; the in-page alert stands.
  }
}
