import "server-only";
import { ApiError } from "../../../shared/api-error";
import { env } from "../../env";
import { currentEnvironment } from "../../environments/current";
import { guardRequest } from "../../http/guard";
import type { RelayStep } from "./step";

/**
 * Requests the console's pages did not make (same origin, same-site fetch), the session and the permission
 * (lib/http/guard.ts, which records refused mutations); then routes that exist only with the local service or in
 * the sandbox.
 */
export const guardStep: RelayStep = async (context, next) => {
  const { route } = context;
  const e = env();
  context.guarded = await guardRequest(
    { headers: context.headers, url: context.url.href },
    {
      permission: route.permission,
      mutation: context.mutation,
      audited: context.audited,
      action: context.action,
      targetId: context.targetId,
    },
  );
  context.requestId = context.guarded.requestId;
  context.upstreamHeaders["x-request-id"] = context.requestId;
  if (route.local && !e.LOCAL_SERVICE) {
    throw new ApiError(404, "NOT_FOUND", "This exists only with the local payment service.");
  }
  if (route.sandbox && currentEnvironment() !== "sandbox") {
    throw new ApiError(403, "FORBIDDEN", "Sandbox actions exist only in the sandbox environment.");
  }
  await next();
};
