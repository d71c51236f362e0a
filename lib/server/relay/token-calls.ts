import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "../../../shared/api-error";
import { PROXY_ROUTES } from "../../universal/relay/route-table";
import type { Guarded } from "../guard/route-guard";
import { auditStep } from "./steps/audit";
import { relayStep } from "./steps/relay";
import { chain, type HeldAnswer, type RelayContext, type RelayStep } from "./steps/step";

const CREATE_ROUTE = PROXY_ROUTES.find((route) => route.method === "POST" && route.path === "/tokens");
const REVOKE_ROUTE = PROXY_ROUTES.find(
  (route) => route.method === "DELETE" && route.path === "/tokens/:tokenId",
);

type Who = Pick<Guarded, "user" | "requestId" | "clientRequestId">;

/**
 * A token call the console makes itself (an approved proposal's POST /tokens, a revocation), through the relay's own
 * audit and relay steps as `who`: recorded (attempt, then outcome) like the same call from the browser, with
 * `linked` added to the outcome's summary. The token-rules step is not in this chain: an approved proposal is the
 * second admin's decision already (as lib/server/relay/apply-config.ts does for configuration).
 */
async function relayAs(
  who: Who,
  route: (typeof PROXY_ROUTES)[number] | undefined,
  segments: string[],
  targetId: string | undefined,
  body: Record<string, unknown> | undefined,
  linked: Record<string, unknown>,
): Promise<HeldAnswer> {
  if (!route?.action) throw new Error("the route table has no such token route");
  const link: RelayStep = async (context, next) => {
    await next();
    if (context.answer) context.answer.auditSummary = { ...context.answer.auditSummary, ...linked };
  };
  const guarded: Guarded = { ...who };
  const context: RelayContext = {
    // Steps after the audit step read neither for an audited JSON call.
    incoming: undefined as unknown as IncomingMessage,
    outgoing: undefined as unknown as ServerResponse,
    url: new URL(`http://console.internal/api/payments/${segments.join("/")}`),
    headers: { get: () => null },
    route,
    segments,
    params: targetId ? { tokenId: targetId } : {},
    mutation: true,
    audited: true,
    action: route.action,
    targetId,
    guarded,
    requestId: who.requestId,
    ...(body ? { body: JSON.stringify(body), parsedBody: body } : {}),
    upstreamHeaders: {
      "x-request-id": who.requestId,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    attemptRecorded: false,
  };
  await chain([auditStep, link, relayStep])(context);
  if (!context.answer) throw new Error("the relay left no answer for an audited call");
  return context.answer;
}

export function createTokenAs(
  who: Who,
  body: { name: string; permissions: string[] },
  linked: Record<string, unknown>,
): Promise<HeldAnswer> {
  return relayAs(who, CREATE_ROUTE, ["tokens"], undefined, body, linked);
}

export function revokeTokenAs(
  who: Who,
  tokenId: string,
  linked: Record<string, unknown>,
): Promise<HeldAnswer> {
  return relayAs(who, REVOKE_ROUTE, ["tokens", tokenId], tokenId, undefined, linked);
}

/** An answer the API refused, as the console's error (its status, code and message). */
export function errorOfAnswer(answer: HeldAnswer, fallback: string): ApiError {
  let parsed: Record<string, unknown> = {};
  if (answer.json && typeof answer.json === "object") parsed = answer.json as Record<string, unknown>;
  else {
    try {
      parsed = JSON.parse(answer.text) as Record<string, unknown>;
    } catch {
      parsed = {};
    }
  }
  return new ApiError(
    answer.status >= 400 ? answer.status : 502,
    typeof parsed.code === "string" ? parsed.code : (answer.failureCode ?? "UPSTREAM_ERROR"),
    typeof parsed.message === "string" ? parsed.message : fallback,
    parsed.details && typeof parsed.details === "object"
      ? (parsed.details as Record<string, unknown>)
      : undefined,
  );
}
