/**
 * The browser's half of the double-submission guard (the proxy's is lib/server/relay/action-keys.ts): each user action
 * gets one Idempotency-Key, made when it is first sent. The same request sent again while the first is under way (a
 * double click) or after it ended with no answer (a time-out, a dropped connection) carries the same key, so the
 * proxy forwards it at most once and answers the repeat with the first outcome. Once an answer arrives that says
 * what happened (accepted or refused), the key is spent: sending the same request again is a new action.
 */
export interface ActionKeyMemory {
  /** The key for this request: the one already made for it if it is a repeat, else a new one. */
  keyFor(request: string): string;
  /** The answer said what happened: the next identical request is a new action. */
  settled(request: string): void;
}

/** How long a key is kept for a request that got no answer: a retry after that is a new action. */
export const UNANSWERED_KEY_MS = 15 * 60_000;

export function actionKeyMemory(
  newKey: () => string = () => crypto.randomUUID(),
  now: () => number = Date.now,
): ActionKeyMemory {
  const keys = new Map<string, { key: string; madeAt: number }>();
  return {
    keyFor(request) {
      const kept = keys.get(request);
      if (kept && now() - kept.madeAt < UNANSWERED_KEY_MS) return kept.key;
      const key = newKey();
      keys.set(request, { key, madeAt: now() });
      return key;
    },
    settled(request) {
      keys.delete(request);
    },
  };
}

/** Whether an answer says what happened to the action (so its key is spent): anything but no answer at all. */
export function answerSettles(status: number, code?: string, outcome?: unknown): boolean {
  if (status === 0) return false;
  return outcome !== "unknown" && code !== "IN_PROGRESS";
}

/** The page's memory: a repeat of a request that got no answer, or is still under way, carries the same key. */
const pageActionKeys = actionKeyMemory();

/** The Idempotency-Key header for a request, or none for a read; `done` settles it once the answer says. */
export function actionKeyFor(method: string, path: string, body: string | undefined) {
  const action = method === "GET" ? null : `${method} ${path}\n${body ?? ""}`;
  const headers: Record<string, string> = {};
  if (action !== null) headers["idempotency-key"] = pageActionKeys.keyFor(action);
  return {
    headers,
    done(status: number, code?: string, outcome?: unknown) {
      if (action !== null && answerSettles(status, code, outcome)) pageActionKeys.settled(action);
    },
  };
}
