import "server-only";
import { getConsoleDatabase } from "../db";
import { announce } from "../events/announce";
import { passThrottle } from "../events/throttle";
import { log } from "../log/logger";

const THROTTLE = "webhook-rejection-announcement";
const INTERVAL_SECONDS = 1;

// Per instance: when it last asked the shared throttle, and its one pending trailing announcement.
let lastAskedAt = 0;
let trailing: ReturnType<typeof setTimeout> | undefined;

/**
 * Tells open consoles that a delivery failed verification, at most about once a second across every instance: a
 * flood of unsigned posts must not become a flood of refreshes in every browser. A rejection that finds the
 * throttle closed leaves one trailing announcement a second later, so the last of a burst is still heard.
 */
export async function announceRejection(): Promise<void> {
  const now = Date.now();
  if (now - lastAskedAt < INTERVAL_SECONDS * 1000) return scheduleTrailing();
  lastAskedAt = now;
  try {
    if (await passThrottle(getConsoleDatabase(), THROTTLE, INTERVAL_SECONDS)) {
      await announce({ kind: "webhook", webhookId: "unverified", type: "UNVERIFIED" });
    } else scheduleTrailing();
  } catch (error) {
    log.error("webhooks", "could not announce a rejected delivery", { error });
  }
}

function scheduleTrailing(): void {
  trailing ??= setTimeout(() => {
    trailing = undefined;
    void announceRejection();
  }, INTERVAL_SECONDS * 1000);
  trailing.unref?.();
}
