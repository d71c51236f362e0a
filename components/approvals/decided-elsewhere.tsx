"use client";

import { useViewer } from "@/components/auth/permissions-context";
import { Timestamp } from "@/components/ui/timestamp";
import type { Departure } from "@/lib/universal/approvals/departure";

const NOTHING_SENT = "nothing you typed was sent.";

/**
 * In a decision dialog whose payment left the queue while it was open (another officer decided it, in another tab
 * too, or its window closed): what became of it, who decided it and when, and that nothing typed here was sent. The
 * dialog stays open with it, its confirm button disabled, until the officer closes it: a dialog that vanished
 * mid-sentence sent the next typed key to the queue's shortcuts.
 */
export function DecidedElsewhere({ departure }: { departure: Departure }) {
  const { email } = useViewer();
  const at = departure.at ? (
    <>
      {" "}
      at <Timestamp value={departure.at} style="time" />
    </>
  ) : null;
  const by = departure.by
    ? departure.by.email.toLowerCase() === email.toLowerCase()
      ? "you, in another tab or window,"
      : departure.by.name?.trim() || departure.by.email
    : null;
  let text: React.ReactNode;
  switch (departure.outcome) {
    case "approved":
    case "rejected":
      text = (
        <>
          This payment was {departure.outcome}
          {by ? ` by ${by}` : " elsewhere"}
          {at} in the meantime; {NOTHING_SENT}
        </>
      );
      break;
    case "timed-out":
      text = (
        <>
          This payment's approval window closed{at} before anyone decided; {NOTHING_SENT}
        </>
      );
      break;
    case "failed":
      text = (
        <>
          This payment failed{departure.failureReason ? ` (${departure.failureReason})` : ""}
          {at} in the meantime; {NOTHING_SENT}
        </>
      );
      break;
    default:
      text = (
        <>
          This payment is no longer waiting: it was decided elsewhere or its window closed in the meantime;{" "}
          {NOTHING_SENT}
        </>
      );
  }
  return (
    <p
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {text}
    </p>
  );
}
