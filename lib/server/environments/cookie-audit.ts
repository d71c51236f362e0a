import "server-only";
import { writeAuditOutcome } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import type { HeaderReader } from "../http/header-reader";
import { newRequestId } from "../http/request-id";
import { refusedEnvironmentCookie } from "./current";

// A browser sends its cookie with every request: one record per person and value every ten minutes is enough to
// show the attempt without a row per request. Per process; a bounded memory.
const RECORDED_FOR_MS = 10 * 60 * 1000;
const MAX_REMEMBERED = 1000;
const recorded = new Map<string, number>();

/**
 * Records a switch of environment attempted by setting the cookie by hand (issue 46 item 14b): the console ignored
 * it and served the request in the environment it had put the person in, so the log shows an `environment.switch`
 * attempt, refused, with `via: "cookie"`. Nothing waits for it: nothing was changed, so the refusal stands whether
 * or not it can be written (a failure is logged).
 */
export function noteEnvironmentCookie(
  headers: HeaderReader,
  user: ConsoleUser,
  requestId: string,
  clientRequestId: string | null,
): void {
  const cookie = headers.get("cookie");
  if (!cookie) return;
  const refused = refusedEnvironmentCookie(cookie, user.id);
  if (!refused) return;
  const key = `${user.id} ${refused.to}`;
  const now = Date.now();
  const last = recorded.get(key);
  if (last !== undefined && now - last < RECORDED_FOR_MS) return;
  if (recorded.size >= MAX_REMEMBERED) recorded.clear();
  recorded.set(key, now);
  // Its own request id: the request it came with has its own attempt and outcome, one of each.
  const entry = {
    actor: user,
    action: "environment.switch",
    targetId: refused.to,
    requestId: newRequestId(),
    clientRequestId,
    summary: {
      from: refused.from,
      to: refused.to,
      via: "cookie",
      reason: "UNSIGNED_ENVIRONMENT_COOKIE",
      duringRequest: requestId,
    },
  };
  void (async () => {
    await writeAuditOutcome({ ...entry, outcome: "attempted" });
    await writeAuditOutcome({ ...entry, outcome: "refused" });
  })();
}
