import { queryOptions } from "@tanstack/react-query";

/**
 * What the shell tells everyone about the console's own dependencies (GET /api/health/ready, which a load balancer
 * asks too): all answering, the payment API not answering or refusing the console's credential, the console's
 * database not answering, or the console itself out of this browser's reach.
 */
export type ConsoleHealth =
  | "ok"
  | "payment-api-down"
  | "payment-api-refused"
  | "database-down"
  | "console-unreachable";

/** How often the shell asks while everything answers, and while something does not (to say soon that it is back). */
const HEALTH_CHECK_EVERY_MS = 30_000;
const HEALTH_RECHECK_EVERY_MS = 5_000;

/**
 * Reads readiness's answer by shape: `{status, checks: {database, paymentApi}}`, 200 when both answer, 503 when one
 * does not. A console that is stopping (`checks: {console: "stopping"}`) hands its browsers to another instance and
 * raises no alarm. An answer not of that shape with a 502, 503 or 504 is what a load balancer or proxy in front of the
 * console says when no console answers it; any other is not this endpoint's and says nothing of the dependencies.
 */
export function healthFromAnswer(status: number, body: unknown): ConsoleHealth {
  const checks =
    typeof body === "object" && body !== null ? (body as { checks?: unknown }).checks : undefined;
  if (typeof checks !== "object" || checks === null)
    return status === 502 || status === 503 || status === 504 ? "console-unreachable" : "ok";
  const { database, paymentApi } = checks as { database?: unknown; paymentApi?: unknown };
  if (database === "down") return "database-down";
  if (paymentApi === "refused") return "payment-api-refused";
  if (paymentApi === "down") return "payment-api-down";
  return "ok";
}

async function readConsoleHealth(signal: AbortSignal): Promise<ConsoleHealth> {
  let response: Response;
  try {
    response = await fetch("/api/health/ready", { cache: "no-store", credentials: "same-origin", signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return "console-unreachable";
  }
  return healthFromAnswer(response.status, await response.json().catch(() => null));
}

/** The shell's check: never retried (the next check is the retry), asked again sooner while something is down. */
export const consoleHealthQuery = () =>
  queryOptions({
    queryKey: ["console-health"] as const,
    queryFn: ({ signal }) => readConsoleHealth(signal),
    retry: false,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data === undefined || query.state.data === "ok"
        ? HEALTH_CHECK_EVERY_MS
        : HEALTH_RECHECK_EVERY_MS,
  });

/**
 * An answer that may mean a dependency went away since the last check: the console not reached, or its 502, 503 or
 * 504 for the payment API. The shell checks at once instead of at its next turn.
 */
export function mayMeanAnOutage(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, status } = error as { name?: unknown; status?: unknown };
  if (name !== "ApiError" || typeof status !== "number") return false;
  return status === 0 || status === 502 || status === 503 || status === 504;
}
