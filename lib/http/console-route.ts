import "server-only";
import { ApiError } from "../../shared/api-error";
import type { AuditEntry } from "../audit/log";
import type { Permission } from "../auth/permissions";
import { log } from "../log/logger";
import { errorResponse, unexpectedError } from "./errors";
import { type Guarded, guardRequest } from "./guard";

type Params = Record<string, string | string[] | undefined>;

export interface RouteContext extends Guarded {
  request: Request;
  params: Params;
  /** Who and which request, for the audit rows this handler writes (lib/audit/log.ts auditedAction). */
  audit: Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;
}

interface RouteOptions {
  permission: Permission;
  /** Audit action name for this route's refusals; mutations are every method but GET and HEAD. */
  action: string;
}

/**
 * Wraps a console route handler: guard (CSRF, session, permission), then the handler, with every error turned
 * into the API's error shape. An unexpected error is logged with its request id and answered 500 without
 * details, never with a stack trace.
 */
export function consoleRoute(options: RouteOptions, handler: (context: RouteContext) => Promise<Response>) {
  return async (request: Request, segment: { params: Promise<Params> }): Promise<Response> => {
    const mutation = request.method !== "GET" && request.method !== "HEAD";
    let requestId = "";
    try {
      const guarded = await guardRequest(request, {
        permission: options.permission,
        mutation,
        action: options.action,
      });
      requestId = guarded.requestId;
      const params = await segment.params;
      const audit = { actor: guarded.user, requestId, clientRequestId: guarded.clientRequestId };
      const response = await handler({ ...guarded, audit, request, params });
      try {
        response.headers.set("x-request-id", requestId);
      } catch {
        // A redirect's headers cannot change; it needs no correlation id.
      }
      return response;
    } catch (error) {
      if (error instanceof ApiError) {
        error.requestId ??= requestId || undefined;
        return errorResponse(error);
      }
      log.error("console", `${request.method} ${new URL(request.url).pathname} failed`, { requestId, error });
      return errorResponse(unexpectedError(error), requestId ? { "x-request-id": requestId } : {});
    }
  };
}
