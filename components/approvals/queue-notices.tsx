"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { PendingApproval } from "@/lib/client/api/approvals";
import { onConsoleEvent } from "@/lib/universal/events/client-bus";
import { cn } from "@/lib/universal/utils";
import type { DecisionOutcome } from "./decision-outcome";

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

/** What the notice says of a payment the officer decided here, once it leaves the queue. */
const OWN_DECISION = { approved: "was approved by you", rejected: "was rejected by you" } as const;

function outcomeText(event: { transactionStatus?: string; failureReason?: string }): string | undefined {
  if (event.failureReason === "PAYMENT_APPROVAL_TIMED_OUT") return "timed out before anyone decided";
  switch (event.transactionStatus) {
    case "COMPLETED":
      return "was approved";
    case "REJECTED":
      return "was rejected";
    case "FAILED":
      return `failed${event.failureReason ? ` (${event.failureReason})` : ""}`;
    default:
      return undefined;
  }
}

/**
 * What the queue tells the officer: a notice for each payment that leaves the page shown (who decided it, or that
 * it timed out; `pageKey` names the page, so turning to another is not read as payments leaving), and the result
 * of their own bulk approval. That result stays until they dismiss it or approve in bulk again: payments leaving
 * the queue at the same moment (time-outs, other officers) never push it out of view, and the payments it approved
 * are not announced one by one beside it.
 */
export function useQueueNotices(waiting: readonly PendingApproval[] | undefined, pageKey = "") {
  const outcomes = useRef(new Map<string, string>());
  /** Payments whose leaving the bulk result already tells. */
  const told = useRef(new Set<string>());
  const shown = useRef<{ page: string; ids: Set<string> } | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [result, setResult] = useState<Result | null>(null);

  /** The payments whose leaving was told. */
  const announcedIds = useRef(new Set<string>());

  const announce = useCallback((ids: readonly string[]) => {
    const fresh = ids.filter((id) => !announcedIds.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) announcedIds.current.add(id);
    setNotices((existing) =>
      withNotices(
        existing,
        fresh.map((id) => ({
          id,
          text: `Payment ${id} ${outcomes.current.get(id) ?? "was decided elsewhere"}.`,
        })),
      ),
    );
  }, []);

  useEffect(
    () =>
      onConsoleEvent((event) => {
        if (event.kind === "approval-decided") {
          if (!outcomes.current.has(event.transactionId)) {
            outcomes.current.set(event.transactionId, `was ${event.decision} by ${event.decidedBy}`);
          }
          return;
        }
        if (event.kind !== "webhook" || !event.transactionId || event.type !== "INCOMING_PAYMENT") return;
        const text = outcomeText(event);
        // One refused at once (the sender's compliance check) never waited in the queue.
        if (!text || event.failureReason === "PAY_REQUEST_FAILED") return;
        const id = event.transactionId;
        if (!outcomes.current.has(id)) outcomes.current.set(id, text);
        // A payment on another page (or hidden by the filters) is told when its event says it left the queue; one
        // on the page shown when the page, read again, no longer holds it.
        if (!shown.current?.ids.has(id) && !told.current.has(id)) announce([id]);
      }),
    [announce],
  );

  useEffect(() => {
    if (!waiting) return;
    const current = new Set(waiting.map((item) => item.transaction.id));
    const previous = shown.current;
    shown.current = { page: pageKey, ids: current };
    // Only a page read again tells who left it: another page (or filter) holds other payments.
    if (previous?.page !== pageKey) return;
    const gone = [...previous.ids].filter((id) => !current.has(id));
    // Kept in `told` after: the payment's event may come after the page read again, and must not tell it either.
    announce(gone.filter((id) => !told.current.has(id)));
  }, [waiting, pageKey, announce]);

  return {
    notices,
    result,
    /**
     * A decision made in this queue, told here rather than by a toast (a toast stood over the next card's buttons):
     * an approval or rejection in the notice when its payment leaves, a first approval (the payment stays) at once.
     */
    recordOwnDecision: useCallback((id: string, outcome: DecisionOutcome) => {
      if (outcome === "first-approval") {
        const text = `Payment ${id}: your first approval is recorded; a second officer must approve.`;
        setNotices((existing) => withNotices(existing, [{ id: `first-${id}`, text }]));
        return;
      }
      outcomes.current.set(id, OWN_DECISION[outcome]);
    }, []),
    /** A payment approved in bulk: its leaving is told by the bulk result. */
    recordBulkApproval: useCallback((id: string) => {
      told.current.add(id);
      outcomes.current.set(id, OWN_DECISION.approved);
    }, []),
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
}: Pick<ReturnType<typeof useQueueNotices>, "notices" | "result" | "dismiss">) {
  const all: (Notice | Result)[] = result ? [result, ...notices] : notices;
  return (
    <div aria-live="polite" className="flex flex-col gap-2">
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
