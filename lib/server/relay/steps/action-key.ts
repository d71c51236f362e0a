import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { env } from "../../env";
import {
  awaitFirstAnswer,
  claimActionKey,
  completeActionKey,
  IDEMPOTENCY_HEADER,
  parseActionKey,
  releaseActionKey,
  requestFingerprint,
} from "../action-keys";
import { guardedOf, type RelayStep, stepWhen } from "./step";

/**
 * Double submission (lib/server/relay/action-keys.ts): a mutation sent with an Idempotency-Key is forwarded once; a repeat
 * with the same key and request gets the first answer (waiting for it while the first still runs) and is neither
 * forwarded nor recorded again. A key whose request was not forwarded (its attempt could not be recorded) is given
 * back, so a retry may go.
 */
export const actionKeyStep: RelayStep = stepWhen(
  (context) => context.mutation && !context.route.streamBody,
  async (context, next) => {
    const { route, url } = context;
    const key = parseActionKey(context.headers.get(IDEMPOTENCY_HEADER));
    if (!key) return next();
    const userId = guardedOf(context).user.id;
    const fingerprint = requestFingerprint(
      route.method,
      `${url.pathname}${url.search}`,
      String(context.body ?? ""),
    );
    let claim = await claimActionKey(userId, key, fingerprint, context.requestId);
    if (claim.kind === "in-progress") {
      claim = await awaitFirstAnswer(userId, key, fingerprint, env().PAYMENT_API_TIMEOUT_MS + 5_000);
    }
    if (claim.kind === "different-request") {
      throw new ApiError(
        422,
        "IDEMPOTENCY_KEY_REUSED",
        "This Idempotency-Key was used for a different request.",
      );
    }
    if (claim.kind === "in-progress") {
      throw new ApiError(409, "IN_PROGRESS", "The same action is still being processed. Try again shortly.");
    }
    if (claim.kind === "repeat") {
      context.answer = {
        status: claim.answer.status,
        headers: {
          "content-type": claim.answer.contentType,
          "x-request-id": context.requestId,
          "idempotent-replayed": "true",
        },
        text: claim.answer.body,
        json: null,
        outcome: claim.answer.outcome,
        upstreamStatus: null,
        replayed: true,
      };
      return;
    }
    try {
      await next();
    } catch (error) {
      if (!context.attemptRecorded) await releaseActionKey(userId, key).catch(() => {});
      throw error;
    }
    const answer = context.answer;
    if (answer) {
      await completeActionKey(userId, key, {
        status: answer.status,
        contentType: answer.headers["content-type"] ?? "application/json",
        body: withoutSecrets(answer.text, route.secretFields),
        outcome: answer.outcome,
      }).catch(() => {});
    }
  },
);

/** The answer as it may be kept: without the fields that are secrets shown once (an API token's clientSecret). */
export function withoutSecrets(text: string, fields: readonly string[] | undefined): string {
  if (!fields || fields.length === 0) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return text;
    const kept = { ...(parsed as Record<string, unknown>) };
    for (const field of fields) delete kept[field];
    return JSON.stringify(kept);
  } catch {
    // Not JSON: nothing of the expected shape to keep, so keep nothing of it.
    return "";
  }
}
