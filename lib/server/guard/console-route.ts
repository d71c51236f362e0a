import "server-only";
import { ApiError } from "../../../shared/api-error";
import type { GuardedEndpoint } from "../../universal/console-api/endpoints";
import { type AuditEntry, type AuditedAction, closeAuditTrail, openAuditTrail } from "../audit/log";
import { errorResponse, unexpectedError } from "../http/errors";
import { refuseUnstorableAddress } from "../http/query";
import { log } from "../log/logger";
import { type Guarded, guardRequest } from "./route-guard";

type Params = Record<string, string | string[] | undefined>;

export interface RouteContext extends Guarded {
  request: Request;
  params: Params;
  /** Who and which request, for the audit rows this handler writes (lib/server/audit/log.ts auditedAction). */
  audit: Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;
}

/**
 * Wraps a console route handler: guard (CSRF, session, the entry's permission), then the handler, with every error
 * turned into the API's error shape. An unexpected error is logged with its request id and answered 500 without
 * details, never with a stack trace. `options` is the route's entry in the console's endpoint table
 * (lib/universal/console-api/endpoints.ts CONSOLE_API): its permission, and its audit action for refusals and,
 * for a mutation (every method but GET and HEAD), its attempt and outcome.
 */
export function consoleRoute(
  options: Pick<GuardedEndpoint, "permission" | "action" | "whoMay">,
  handler: (context: RouteContext) => Promise<Response>,
) {
  return async (request: Request, segment: { params: Promise<Params> }): Promise<Response> => {
    const mutation = request.method !== "GET" && request.method !== "HEAD";
    let requestId = "";
    // Set once the guard has admitted a mutation: who asked, for the rows of a refusal nothing else recorded.
    let trail: AuditedAction | undefined;
    try {
      const guarded = await guardRequest(request, {
        permission: options.permission,
        mutation,
        action: options.action,
        whoMay: options.whoMay,
      });
      requestId = guarded.requestId;
      const params = await segment.params;
      const audit = { actor: guarded.user, requestId, clientRequestId: guarded.clientRequestId };
      if (mutation) {
        trail = { ...audit, action: options.action, targetId: pathTarget(params) };
        openAuditTrail(requestId);
      }
      refuseUnstorableAddress(params ?? {}, new URL(request.url).searchParams);
      const response = await handler({ ...guarded, audit, request, params });
      if (trail) await closeAuditTrail(requestId);
      try {
        response.headers.set("x-request-id", requestId);
      } catch {
        // A redirect's headers cannot change; it needs no correlation id.
      }
      return response;
    } catch (error) {
      // A mutation the handler refused or failed (its body's validation, another person's record, a conflict) is
      // recorded like any other: attempt and outcome, unless auditedAction already wrote them (lib/server/audit/log.ts).
      // What the person is answered, and what the audit's outcome says: the same status and code.
      const answer = error instanceof ApiError ? error : unexpectedError(error);
      if (trail) await closeAuditTrail(requestId, { entry: trail, status: answer.status, code: answer.code });
      if (error instanceof ApiError) {
        error.requestId ??= requestId || undefined;
        return errorResponse(error);
      }
      // A value the database refused is the request's fault (400), but a check before it missed it: worth seeing.
      (answer.status < 500 ? log.warn : log.error)(
        "console",
        `${request.method} ${new URL(request.url).pathname} failed`,
        { requestId, error },
      );
      return errorResponse(answer, requestId ? { "x-request-id": requestId } : {});
    }
  };
}

/** What a refusal's audit rows name as the target: the route's one path parameter (a view's id, a person's id). */
function pathTarget(params: Params | undefined): string | null {
  // A route without dynamic segments may be handed no params at all.
  const values = Object.values(params ?? {});
  const [only] = values;
  return values.length === 1 && typeof only === "string" ? only : null;
}
