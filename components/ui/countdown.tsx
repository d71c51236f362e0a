"use client";

import { Timer, TimerOff } from "lucide-react";
import * as React from "react";
import { platformNow } from "@/lib/universal/api/platform-clock";
import { cn } from "@/lib/universal/utils";
import { type CountdownTone, countdownAnnouncement, countdownState } from "./time-format";
import { useReadPlatformClock } from "./use-platform-skew";

export type CountdownProps = {
  /**
   * The moment the time runs out, on the payment platform's clock (lib/universal/api/platform-clock.ts): a Date, an ISO
   * string (the API's `expiresAt`) or epoch milliseconds.
   */
  deadline: Date | string | number;
  /** Words before the time: "Expires in 4:32". */
  label?: string;
  /** Shown once the deadline has passed. */
  expiredLabel?: string;
  /** Called once when the countdown reaches zero while on screen (not when it mounts already expired). */
  onExpire?: () => void;
  className?: string;
};

const TONES: Record<CountdownTone, string> = {
  normal: "text-zinc-700 dark:text-zinc-300",
  warning: "text-amber-700 dark:text-amber-400",
  danger: "font-semibold text-red-700 dark:text-red-400",
  expired: "text-zinc-500 dark:text-zinc-400",
};

function toMs(deadline: CountdownProps["deadline"]): number {
  if (deadline instanceof Date) return deadline.getTime();
  if (typeof deadline === "number") return deadline;
  return Date.parse(deadline);
}

/**
 * A live countdown, e.g. to a quote's expiry, counted on the platform's clock: the API decides when time is up.
 * Colour follows the time left; the words carry the meaning.
 */
export function Countdown({
  deadline,
  label = "Expires in",
  expiredLabel = "Expired",
  onExpire,
  className,
}: CountdownProps) {
  const deadlineMs = toMs(deadline);
  // null until mounted: the server's clock is not the browser's, and the first render must match the HTML.
  const [remaining, setRemaining] = React.useState<number | null>(null);
  const [announcement, setAnnouncement] = React.useState("");
  const onExpireRef = React.useRef(onExpire);
  useReadPlatformClock();

  React.useEffect(() => {
    onExpireRef.current = onExpire;
  });

  React.useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let previous: number | null = null;
    const tick = () => {
      // Read every second: a skew learnt while on screen counts from the next tick, and if it ends the time, that
      // is an expiry like any other.
      const current = deadlineMs - platformNow();
      setRemaining(current);
      if (previous !== null) {
        const message = countdownAnnouncement(previous, current);
        if (message) setAnnouncement(message);
        if (previous > 0 && current <= 0) onExpireRef.current?.();
      }
      previous = current;
      if (!(current > 0)) return;
      // Wake on the next whole second of the time left, so the display never skips or repeats a second.
      timer = setTimeout(tick, (current % 1000 || 1000) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [deadlineMs]);

  const state = remaining === null ? null : countdownState(remaining);
  const Icon = state?.expired ? TimerOff : Timer;

  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 text-sm tabular-nums",
        TONES[state?.tone ?? "normal"],
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span role="timer" aria-atomic="true">
        {state === null ? (
          <>
            {label} <span aria-hidden="true">–:––</span>
          </>
        ) : state.expired ? (
          expiredLabel
        ) : (
          <>
            {label} <span aria-hidden="true">{state.text}</span>
            <span className="sr-only">{state.spoken}</span>
          </>
        )}
      </span>
      <span aria-live="polite" className="sr-only">
        {announcement}
      </span>
    </span>
  );
}
