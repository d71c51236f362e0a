import "server-only";
import { ApiError } from "../../../shared/api-error";
import { decide, type Permission } from "../../universal/auth/permissions";
import { writeAuditOutcome } from "../audit/log";
import { type ConsoleUser, keptUserFromRequestHeaders, userFromRequestHeaders } from "../auth/session-user";
import { env } from "../env";
import { noteEnvironmentCookie } from "../environments/cookie-audit";
import { currentEnvironment } from "../environments/current";
import { unauthenticated } from "../http/errors";
import type { HeaderReader, RequestHead } from "../http/header-reader";
import { newRequestId } from "../http/request-id";
import { isSameOriginRequest, isSameSiteFetch } from "../http/same-origin";
import { log } from "../log/logger";

export interface Guarded {
  user: ConsoleUser;
  /** The console's own id for this request: the audit log's correlation, never chosen by the client. */
  requestId: string;
  /** What the client sent as X-Request-Id, kept beside the console's id (marked as the client's). */
  clientRequestId: string | null;
}

export interface GuardOptions {
  permission: Permission;
  /** Mutations need a same-origin request and are audited when refused. */
  mutation: boolean;
  /** Audit action name, recorded when a mutation (or an audited read) is refused. */
  action: string;
  /** A read that hands something out (a KYC link): its refusals are recorded like a mutation's. */
  audited?: boolean;
  targetId?: string | null;
  /** Who may, in words, for a permission shared with other work (GuardedEndpoint.whoMay); else the permission's own. */
  whoMay?: string | undefined;
}

/** A client's X-Request-Id, kept only as printable ASCII and at most 64 characters. */
function clientRequestIdOf(headers: HeaderReader): string | null {
  const sent = headers.get("x-request-id");
  if (!sent) return null;
  const kept = sent.replace(/[^\x21-\x7e]/g, "").slice(0, 64);
  return kept || null;
}

/**
 * Every console route handler starts here: requests the console's pages did not make are refused (CSRF for
 * mutations; a cross-site GET too), then the session, then the permission, checked on the server whatever the UI
 * showed. Refused mutations are written to the audit log (an attempt and its refusal).
 *
 * Answers at once, without a promise, when the request is the console's own, its person is kept by this process
 * (lib/server/auth/session-user.ts) and may do it: most API calls, which the proxy then relays without a wait of the
 * guard's (issue 25's CPU target). Anything else (a session to decrypt or a user to load, any refusal) is decided
 * by the whole check below, which also records refusals.
 */
export function guardRequest(request: RequestHead, options: GuardOptions): Guarded | Promise<Guarded> {
  const requestId = newRequestId();
  const clientRequestId = clientRequestIdOf(request.headers);
  const user = isOurs(request, options) ? keptUser(request.headers) : undefined;
  if (user && decide(user.role, options.permission, currentEnvironment()).allowed) {
    noteEnvironmentCookie(request.headers, user, requestId, clientRequestId);
    return { user, requestId, clientRequestId };
  }
  return guardWhole(request, options, requestId, clientRequestId);
}

/** Whether the console's own pages made the request: same site for every call, same origin for a mutation. */
function isOurs(request: RequestHead, options: GuardOptions): boolean {
  return (
    isSameSiteFetch(request.headers) &&
    (!options.mutation || isSameOriginRequest(request.headers, request.url, env().CONSOLE_ALLOWED_ORIGINS))
  );
}

/** The person kept by this process, or undefined (then the whole check decides, failing closed if it must). */
function keptUser(headers: HeaderReader): ConsoleUser | undefined {
  try {
    return keptUserFromRequestHeaders(headers);
  } catch {
    return undefined;
  }
}

async function guardWhole(
  request: RequestHead,
  options: GuardOptions,
  requestId: string,
  clientRequestId: string | null,
): Promise<Guarded> {
  const refuse = async (error: ApiError, user: ConsoleUser | null) => {
    if (options.mutation || options.audited) {
      // Every attempt has its attempt row and its outcome row (issue 46 item 13), a refusal at the guard (CSRF,
      // no session, the role) included. Nothing was done, so the refusal stands even when it cannot be recorded
      // (that failure is logged).
      const entry = {
        actor: user,
        action: options.action,
        targetId: options.targetId,
        requestId,
        clientRequestId,
        summary: { reason: error.code },
      };
      await writeAuditOutcome({ ...entry, outcome: "attempted" });
      await writeAuditOutcome({ ...entry, outcome: "refused" });
    }
    error.requestId = requestId;
    return error;
  };
  if (!isOurs(request, options)) {
    throw await refuse(
      new ApiError(403, "FORBIDDEN", "This request did not come from the console's own pages."),
      null,
    );
  }
  const user = await sessionUser(request.headers, requestId);
  if (!user) throw await refuse(unauthenticated(), null);
  noteEnvironmentCookie(request.headers, user, requestId, clientRequestId);
  const decision = decide(user.role, options.permission, currentEnvironment());
  if (!decision.allowed) {
    throw await refuse(
      new ApiError(403, "FORBIDDEN", options.whoMay ?? decision.reason ?? "You may not do this."),
      user,
    );
  }
  return { user, requestId, clientRequestId };
}

/** The signed-in person, or null; 503 when the console cannot tell (fail closed). */
export async function sessionUser(headers: HeaderReader, requestId: string): Promise<ConsoleUser | null> {
  try {
    return await userFromRequestHeaders(headers);
  } catch (error) {
    // Fail closed: without its database or its session secret the console cannot tell who is asking.
    log.error("console", "session check failed", { requestId, error });
    throw new ApiError(
      503,
      "UNAVAILABLE",
      "The console cannot verify your session right now. Try again shortly.",
    );
  }
}
