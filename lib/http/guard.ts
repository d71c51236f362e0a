import "server-only";
import { randomUUID } from "node:crypto";
import { writeAudit } from "../audit/log";
import { decide, type Permission } from "../auth/permissions";
import { type ConsoleUser, userFromRequestHeaders } from "../auth/session-user";
import { env } from "../env";
import { ConsoleError, unauthenticated } from "./errors";
import type { RequestHead } from "./header-reader";
import { isSameOriginRequest } from "./same-origin";

export interface Guarded {
  user: ConsoleUser;
  requestId: string;
}

export interface GuardOptions {
  permission: Permission;
  /** Mutations need a same-origin request and are audited when refused. */
  mutation: boolean;
  /** Audit action name, recorded when a mutation is refused. */
  action: string;
  targetId?: string | null;
}

/**
 * Every console route handler starts here: CSRF for mutations, then the session, then the permission, checked
 * on the server whatever the UI showed. Refused mutations are written to the audit log.
 */
export async function guardRequest(request: RequestHead, options: GuardOptions): Promise<Guarded> {
  const requestId = request.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
  const refuse = async (error: ConsoleError, user: ConsoleUser | null) => {
    if (options.mutation) {
      await writeAudit({
        actor: user,
        action: options.action,
        targetId: options.targetId,
        outcome: "refused",
        requestId,
        summary: { reason: error.code },
      });
    }
    return error;
  };
  if (options.mutation && !isSameOriginRequest(request.headers, request.url, env().CONSOLE_ALLOWED_ORIGINS)) {
    throw await refuse(
      new ConsoleError(403, "FORBIDDEN", "This request did not come from the console's own pages."),
      null,
    );
  }
  let user: ConsoleUser | null;
  try {
    user = await userFromRequestHeaders(request.headers);
  } catch (error) {
    // Fail closed: without its database or its session secret the console cannot tell who is asking.
    console.error(
      `[console] session check failed (request ${requestId}):`,
      error instanceof Error ? error.message : error,
    );
    throw new ConsoleError(
      503,
      "UNAVAILABLE",
      "The console cannot verify your session right now. Try again shortly.",
    );
  }
  if (!user) throw await refuse(unauthenticated(), null);
  const decision = decide(user.role, options.permission, env().PAYMENT_API_ENVIRONMENT);
  if (!decision.allowed) {
    throw await refuse(new ConsoleError(403, "FORBIDDEN", decision.reason ?? "You may not do this."), user);
  }
  return { user, requestId };
}
