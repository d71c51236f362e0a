"use client";

import { BellRing } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Countdown } from "@/components/ui/countdown";
import { Label } from "@/components/ui/label";
import { Money } from "@/components/ui/money";
import { NativeSelect } from "@/components/ui/native-select";
import { usePlatformSkew } from "@/components/ui/use-platform-skew";
import type { PendingApproval } from "@/lib/client/api/approvals";
import { useStoredPreference } from "@/lib/client/browser/use-stored-preference";
import {
  ALERT_LEADS,
  type AlertLead,
  alertLeadLabel,
  closingBeyondSoonestPage,
  DEFAULT_ALERT_LEAD,
  dueAlerts,
  isAlertLead,
} from "@/lib/universal/approvals/deadline-alerts";
import { shortPaymentId } from "@/lib/universal/approvals/departure";
import type { ApprovalQueue } from "@/lib/universal/approvals/pending-approval";
import { senderNameOf } from "@/lib/universal/approvals/sender-name";
import { formatMinorUnits } from "@/lib/universal/money/format";
import { cn } from "@/lib/universal/utils";

const parseLead = (stored: string | null): `${AlertLead}` => {
  const value = Number(stored);
  return stored !== null && isAlertLead(value) ? (String(value) as `${AlertLead}`) : `${DEFAULT_ALERT_LEAD}`;
};

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
 * apart. Shown only to those who may decide payments (approval-queue.tsx): a viewer could act on none.
 */
export function DeadlineAlerts({
  waiting,
  soonestPage,
  onReview,
  leading,
  settingsId,
  settingsClassName,
}: {
  waiting: readonly PendingApproval[];
  /** The queue's first page, unnarrowed, soonest deadline first; undefined while it loads. */
  soonestPage: ApprovalQueue | undefined;
  onReview: (id: string) => void;
  /** Drawn first in the settings' row (the queue's filters), the settings at its right. */
  leading?: ReactNode;
  /** The settings' row (the lead and the browser's notifications), folded on a phone by the queue; not the alerts. */
  settingsId?: string;
  settingsClassName?: string;
}) {
  const [stored, setStored] = useStoredPreference("console.deadline-alert-lead", parseLead);
  const lead = Number(stored) as AlertLead;
  const skew = usePlatformSkew();
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [moreClosing, setMoreClosing] = useState(false);
  const alerted = useRef(new Set<string>());
  const [permission, setPermission] = useState<NotificationPermission | "unsupported">("default");
  const selectId = useId();

  useEffect(() => {
    setPermission(typeof Notification === "undefined" ? "unsupported" : Notification.permission);
  }, []);

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
    <div className="flex flex-col gap-2">
      <div
        id={settingsId}
        className={cn("flex flex-wrap items-end justify-between gap-3", settingsClassName)}
      >
        {leading}
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={selectId}>Deadline alerts</Label>
            <NativeSelect
              id={selectId}
              value={stored}
              onChange={(event) => setStored(parseLead(event.target.value))}
              containerClassName="w-44"
            >
              {ALERT_LEADS.map((option) => (
                <option key={option} value={String(option)}>
                  {alertLeadLabel(option)}
                </option>
              ))}
            </NativeSelect>
          </div>
          {permission === "default" && lead !== 0 ? (
            <Button
              variant="outline"
              onClick={() => {
                void Notification.requestPermission().then(setPermission);
              }}
            >
              <BellRing aria-hidden="true" />
              Also notify me in this browser
            </Button>
          ) : permission === "granted" && lead !== 0 ? (
            <p className="pb-2 text-xs text-zinc-600 dark:text-zinc-400">Browser notifications are on.</p>
          ) : permission === "denied" && lead !== 0 ? (
            <p className="pb-2 text-xs text-zinc-600 dark:text-zinc-400">
              Browser notifications are blocked for this site; alerts show here only.
            </p>
          ) : null}
        </div>
      </div>
      {/* Assertive: a window about to close outranks what the person is reading. */}
      <div aria-live="assertive">
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
