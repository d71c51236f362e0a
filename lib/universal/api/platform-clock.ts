/**
 * The payment platform's clock as this browser sees it. Timestamps from the API are on the platform's clock, which
 * need not be the browser's: the local service's sandbox clock can be moved forward, and a laptop's clock can be
 * wrong. "5 minutes ago" and "Decide within 4:59" must count from the platform's now, or a payment made a second ago
 * reads "in 8 minutes" and an approval window looks longer than it is.
 *
 * The proxy passes on the API's `Date` header as `x-platform-date` (lib/server/relay/steps/relay.ts); every answer that comes
 * through it (lib/client/api/client.ts) is a reading. The header has whole seconds and the answer took time to arrive,
 * so a difference under {@link NOISE_MS} counts as none, and a reading within it of the last one changes nothing.
 */

export const PLATFORM_DATE_HEADER = "x-platform-date";
const NOISE_MS = 2_000;

let skewMs: number | null = null;
const listeners = new Set<() => void>();

/**
 * How far ahead of the local clock the platform's is, from one answer's `Date` header and when (on the local clock)
 * that answer arrived; 0 within the noise, null when the header is missing or not a date. Pure, so the console's
 * server uses it too (the overview's "today" is the platform's today).
 */
export function skewFromDateHeader(header: string | null | undefined, receivedAtMs: number): number | null {
  if (!header) return null;
  const sentMs = Date.parse(header);
  if (Number.isNaN(sentMs)) return null;
  // The header drops the milliseconds: the platform's now was on average half a second past it.
  const measured = sentMs + 500 - receivedAtMs;
  return Math.abs(measured) < NOISE_MS ? 0 : measured;
}

/** Records one reading: the platform's `Date` header and when (on the browser's clock) its answer arrived. */
export function notePlatformDate(header: string | null | undefined, receivedAtMs = Date.now()): void {
  const next = skewFromDateHeader(header, receivedAtMs);
  if (next === null) return;
  if (skewMs !== null && Math.abs(next - skewMs) < NOISE_MS) return;
  skewMs = next;
  for (const listener of listeners) listener();
}

/** How far the platform's clock is ahead of the browser's, in ms (0 until a reading arrives). */
export function platformSkew(): number {
  return skewMs ?? 0;
}

/** Whether any answer has told the browser the platform's time yet. */
export function platformClockKnown(): boolean {
  return skewMs !== null;
}

/** Now on the platform's clock, in epoch milliseconds. */
export function platformNow(): number {
  return Date.now() + platformSkew();
}

/** Calls `listener` whenever the skew changes; returns the unsubscribe. */
export function subscribePlatformClock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets every reading (tests). */
export function resetPlatformClock(): void {
  skewMs = null;
}
