"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useViewer } from "@/components/auth/permissions-context";
import type { PendingApproval } from "@/lib/client/api/approvals";
import { departureVerb, paymentSubject } from "@/lib/universal/approvals/departure";
import { cn } from "@/lib/universal/utils";
import type { DecisionOutcome } from "./decision-outcome";
import { useHeardDepartures } from "./heard-departures";

interface Notice {
  id: string;
  text: string;
}

/** The officer's own bulk approval: whether every payment it held was approved. */
interface Result extends Notice {
  complete: boolean;
}

/** How many "payment left the queue" notices are kept; the oldest go first. */
const KEPT_NOTICES = 5;

/** New notices first, replacing any with the same id, the oldest dropped past KEPT_NOTICES. */
const withNotices = (existing: readonly Notice[], added: readonly Notice[]): Notice[] =>
  [...added, ...existing.filter((notice) => !added.some((item) => item.id === notice.id))].slice(
    0,
    KEPT_NOTICES,
  );

/**
 * What the queue tells the officer: a notice for each payment that leaves the page shown (who decided it, or that
 * it timed out; `pageKey` names the page, so turning to another is not read as payments leaving), and the result
 * of their own bulk approval. That result stays until they dismiss it or approve in bulk again: payments leaving
 * the queue at the same moment (time-outs, other officers) never push it out of view, and the payments it approved
 * are not announced one by one beside it. A notice names the payment as its card did ("$1,250.00 from Alex Sandbox
 * Rivera", the sender masked as the card showed it), and `departures` tells an open decision dialog whose payment left
 * who decided it and when.
 */
export function useQueueNotices(waiting: readonly PendingApproval[] | undefined, pageKey = "") {
  const { email } = useViewer();
  /** The payments of the page as last read, by id: what a notice names a payment by once it has left. */
  const seen = useRef(new Map<string, PendingApproval>());
  /** Payments whose leaving the bulk result already tells. */
  const told = useRef(new Set<string>());
  const shown = useRef<{ page: string; ids: Set<string> } | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [result, setResult] = useState<Result | null>(null);

  /** The payments whose leaving was told. */
  const announcedIds = useRef(new Set<string>());
  // What became of each payment, kept for the notices and for the dialogs. A payment on another page (or hidden by
  // the filters) is told when its event says it left the queue it was held in; one on the page shown when the page,
  // read again, no longer holds it.
  const {
    departures,
    known: outcomes,
    learn,
  } = useHeardDepartures((id, event) => {
    // Not on the page shown: told only when the payment was known to wait for people. One the policies decided as
    // it arrived, or one this console never held (its pending webhook never reached it), did not leave this queue.
    if (event.kind !== "webhook" || event.queue !== "held") return;
    if (!shown.current?.ids.has(id) && !told.current.has(id)) announce([id]);
  });

  const announce = useCallback(
    (ids: readonly string[]) => {
      const fresh = ids.filter((id) => !announcedIds.current.has(id));
      if (fresh.length === 0) return;
      for (const id of fresh) announcedIds.current.add(id);
      // Written now, not in the state's updater: by the time React runs it, `seen` holds the page read again,
      // without the payments that left.
      const added = fresh.map((id) => ({
        id,
        text: `${paymentSubject(id, seen.current.get(id))} ${departureVerb(outcomes.current.get(id), email)}.`,
      }));
      setNotices((existing) => withNotices(existing, added));
    },
    [email, outcomes],
  );

  useEffect(() => {
    if (!waiting) return;
    const current = new Set(waiting.map((item) => item.transaction.id));
    const previous = shown.current;
    shown.current = { page: pageKey, ids: current };
    // Only a page read again tells who left it: another page (or filter) holds other payments.
    if (previous?.page !== pageKey) {
      seen.current = new Map(waiting.map((item) => [item.transaction.id, item]));
      return;
    }
    const gone = [...previous.ids].filter((id) => !current.has(id));
    // Kept in `told` after: the payment's event may come after the page read again, and must not tell it either.
    announce(gone.filter((id) => !told.current.has(id)));
    seen.current = new Map(waiting.map((item) => [item.transaction.id, item]));
  }, [waiting, pageKey, announce]);

  return {
    notices,
    result,
    departures,
    /**
     * A decision made in this queue, told here rather than by a toast (a toast stood over the next card's buttons):
     * an approval or rejection in the notice when its payment leaves, a first approval (the payment stays) at once.
     */
    recordOwnDecision: useCallback(
      (id: string, outcome: DecisionOutcome) => {
        if (outcome === "first-approval") {
          const subject = paymentSubject(id, seen.current.get(id));
          const text = `${subject}: your first approval is recorded; a second officer must approve.`;
          setNotices((existing) => withNotices(existing, [{ id: `first-${id}`, text }]));
          return;
        }
        learn(id, { outcome, own: true, at: new Date().toISOString() });
      },
      [learn],
    ),
    /** A payment approved in bulk: its leaving is told by the bulk result. */
    recordBulkApproval: useCallback(
      (id: string) => {
        told.current.add(id);
        learn(id, { outcome: "approved", own: true, at: new Date().toISOString() });
      },
      [learn],
    ),
    showResult: useCallback(
      (text: string, complete: boolean) => setResult({ id: `bulk-${Date.now()}`, text, complete }),
      [],
    ),
    dismiss: useCallback((notice: Notice) => {
      setResult((current) => (current === notice ? null : current));
      setNotices((existing) => existing.filter((item) => item !== notice));
    }, []),
  };
}

/** The notices above the queue, the officer's own bulk result first. */
export function QueueNotices({
  notices,
  result,
  dismiss,
  className,
}: Pick<ReturnType<typeof useQueueNotices>, "notices" | "result" | "dismiss"> & { className?: string }) {
  const all: (Notice | Result)[] = result ? [result, ...notices] : notices;
  return (
    // Kept in the page while empty, so that a screen reader hears what is added.
    <div aria-live="polite" className={cn("flex flex-col gap-2", className)}>
      {all.map((notice) => (
        <p
          key={notice.id}
          className={cn(
            "flex items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm",
            !("complete" in notice)
              ? "border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
              : notice.complete
                ? "border-emerald-200 bg-emerald-50 font-medium text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
                : "border-amber-200 bg-amber-50 font-medium text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100",
          )}
        >
          <span>{notice.text}</span>
          <button
            type="button"
            className="text-xs underline underline-offset-2"
            onClick={() => dismiss(notice)}
          >
            Dismiss
          </button>
        </p>
      ))}
    </div>
  );
}
