import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { log } from "../../log/logger";
import type { HeldAnswer, RelayContext } from "./step";

/**
 * A step's own 202 "accepted, not final": recorded in the audit log with `auditSummary`, not announced as a decision
 * (a first approval of two, a configuration change stored as a proposal).
 */
export function interimAnswer(
  json: Record<string, unknown>,
  requestId: string,
  auditSummary: Record<string, unknown>,
): HeldAnswer {
  return {
    status: 202,
    headers: { "content-type": "application/json", "x-request-id": requestId },
    text: JSON.stringify(json),
    json,
    outcome: "allowed",
    upstreamStatus: null,
    auditSummary,
    interim: true,
  };
}

/**
 * A step's refusal in the API's error shape: the ApiError it threw (refused below 500), or `unavailable` when its
 * check failed some other way (failed: nothing was sent).
 */
export function stepErrorAnswer(error: unknown, unavailable: ApiError, requestId: string): HeldAnswer {
  const failure = error instanceof ApiError ? error : unavailable;
  return {
    status: failure.status,
    headers: { "content-type": "application/json", "x-request-id": requestId },
    text: JSON.stringify(failure.toBody()),
    json: failure.toBody(),
    outcome: failure.status < 500 ? "refused" : "failed",
    upstreamStatus: null,
    failureCode: failure.code,
  };
}

/**
 * Runs a step's check before the request goes on: true when it passes. Its refusal (an ApiError it throws), or
 * `unavailable` when it failed some other way (logged as `what`), becomes the answer, and false is returned: nothing
 * is sent.
 */
export async function passesCheck(
  context: Pick<RelayContext, "requestId" | "answer">,
  check: () => Promise<void>,
  failure: { what: string; unavailable: ApiError },
): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (error) {
    if (!(error instanceof ApiError))
      log.error("proxy", failure.what, { requestId: context.requestId, error });
    context.answer = stepErrorAnswer(error, failure.unavailable, context.requestId);
    return false;
  }
}
