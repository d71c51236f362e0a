import type { ApiError } from "../../../shared/api-error";
import { consolePath } from "../auth/safe-redirect";

/**
 * The action was sent but no answer said what became of it (the payment API did not answer in time): it may have
 * happened. `details.check` is the console page where to look.
 */
export function mayHaveHappened(error: ApiError): boolean {
  return error.details?.outcome === "unknown";
}

/**
 * Where to check what became of an action whose outcome is unknown: a path of the console, or undefined. The
 * relay passes the payment API's error bodies on as they came, so the value is judged as a browser would read it
 * as a link (consolePath: `/\host` and `/<tab>/host` lead to another site).
 */
export function checkHref(error: ApiError): string | undefined {
  const check = error.details?.check;
  if (typeof check !== "string" || !check.startsWith("/")) return undefined;
  return consolePath(check) ?? undefined;
}

/** Field errors from `details.fields`, keyed by dotted path, for forms; the first message of a path wins. */
export function fieldErrors(error: ApiError): Record<string, string> {
  const fields =
    (error.details as { fields?: { path?: unknown; message?: unknown }[] } | undefined)?.fields ?? [];
  const out: Record<string, string> = {};
  for (const field of fields) {
    if (typeof field.path === "string" && typeof field.message === "string")
      out[field.path] ??= field.message;
  }
  return out;
}
