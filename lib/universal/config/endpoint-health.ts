/**
 * Whether the configured webhook endpoint answers, judged by the payment API's latest delivery attempt to it (the
 * TEST a save sent, or any event since): what /config and the overview say after a reload, not only right after
 * the save. `previous` is the endpoint it replaced, from the configuration's history, to put back.
 */
export type EndpointHealth = {
  endpoint: string | null;
  state: "answering" | "not-answering" | "unknown";
  /** The latest attempt to the endpoint, when one is known. */
  lastAttempt: { at: string; statusCode: number | null; error: string | null } | null;
  previous: string | null;
};

export type DeliveryAttempt = {
  url: string;
  attemptedAt: string;
  statusCode: number | null;
  error: string | null;
};

/** The endpoint's state by its latest attempt: answered (2xx), not (an error, no status, another status), or none. */
export function judgeEndpoint(
  endpoint: string | null,
  attempts: readonly DeliveryAttempt[],
): Pick<EndpointHealth, "state" | "lastAttempt"> {
  if (!endpoint) return { state: "unknown", lastAttempt: null };
  const latest = attempts
    .filter((attempt) => attempt.url === endpoint)
    .reduce<DeliveryAttempt | null>(
      (found, attempt) => (found === null || attempt.attemptedAt > found.attemptedAt ? attempt : found),
      null,
    );
  if (!latest) return { state: "unknown", lastAttempt: null };
  const answered =
    !latest.error && latest.statusCode !== null && latest.statusCode >= 200 && latest.statusCode <= 299;
  return {
    state: answered ? "answering" : "not-answering",
    lastAttempt: { at: latest.attemptedAt, statusCode: latest.statusCode, error: latest.error },
  };
}

const endpointOf = (settings: unknown): string | undefined => {
  if (typeof settings !== "object" || settings === null) return undefined;
  const value = (settings as { webhookEndpoint?: unknown }).webhookEndpoint;
  return typeof value === "string" ? value : undefined;
};

/**
 * The endpoint the current one replaced, from the history's summaries (newest first, each with the configuration
 * before and after it): the `before` of the latest change that set it. Null when none is known or there was none.
 */
export function previousEndpoint(
  current: string | null,
  summaries: readonly Record<string, unknown>[],
): string | null {
  if (!current) return null;
  for (const summary of summaries) {
    const before = endpointOf(summary.before);
    const after = endpointOf(summary.after);
    if (before === undefined || after === undefined || before === after) continue;
    return after === current && before ? before : null;
  }
  return null;
}
