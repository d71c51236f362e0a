import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { openAuditTrail } from "../../audit/log";
import { env } from "../../env";
import { currentEnvironment } from "../../environments/current";
import { type Guarded, guardRequest } from "../../guard/route-guard";
import type { RelayContext, RelayStep } from "./step";

/**
 * Requests the console's pages did not make (same origin, same-site fetch), the session and the permission
 * (lib/server/guard/route-guard.ts, which records refused mutations); then routes that exist only with the local service or in
 * the sandbox. When the guard answers at once (the person is kept), so does this step: no wait of its own.
 */
export const guardStep: RelayStep = (context, next) => {
  const { route } = context;
  const guarded = guardRequest(
    { headers: context.headers, url: context.url.href },
    {
      permission: route.permission,
      mutation: context.mutation,
      audited: context.audited,
      action: context.action,
      targetId: context.targetId,
    },
  );
  if (guarded instanceof Promise) return guarded.then((whole) => admit(context, whole, next));
  return admit(context, guarded, next);
};

function admit(context: RelayContext, guarded: Guarded, next: () => Promise<void>): Promise<void> {
  context.guarded = guarded;
  context.requestId = guarded.requestId;
  // From here every audited request ends with an attempt and an outcome in the log (lib/server/relay/pipeline.ts).
  if (context.audited) openAuditTrail(guarded.requestId);
  context.upstreamHeaders["x-request-id"] = guarded.requestId;
  if (context.route.local && !env().LOCAL_SERVICE) {
    throw new ApiError(404, "NOT_FOUND", "This exists only with the local payment service.");
  }
  if (context.route.sandbox && currentEnvironment() !== "sandbox") {
    throw new ApiError(403, "FORBIDDEN", "Sandbox actions exist only in the sandbox environment.");
  }
  return next();
}
