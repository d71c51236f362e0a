import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { PROXY_ROUTES } from "../../universal/relay/route-table";
import type { Guarded } from "../guard/route-guard";
import { auditStep } from "./steps/audit";
import { relayStep } from "./steps/relay";
import { chain, type HeldAnswer, type RelayContext, type RelayStep } from "./steps/step";

const CONFIG_ROUTE = PROXY_ROUTES.find((route) => route.method === "PATCH" && route.path === "/config");

/**
 * Applies an approved configuration proposal through the relay's own audit and relay steps, as the approving admin:
 * its PATCH /config is recorded (attempt, then outcome with the configuration before and after) like any other
 * change, with `linked` (the proposal's id, who proposed it) added to the outcome's summary. The stored body was
 * checked against the contract when it was proposed. Its rows' target is the proposal's id, as the proposal's and the
 * decision's are. The four-eyes step is not in this chain: this is the approval.
 */
export async function applyConfigChange(
  guarded: Guarded,
  proposalId: string,
  body: Record<string, unknown>,
  linked: Record<string, unknown>,
): Promise<HeldAnswer> {
  if (!CONFIG_ROUTE) throw new Error("the route table has no PATCH /config");
  const link: RelayStep = async (context, next) => {
    await next();
    if (context.answer) context.answer.auditSummary = { ...context.answer.auditSummary, ...linked };
  };
  const text = JSON.stringify(body);
  const context: RelayContext = {
    // Steps after the audit step read neither for an audited JSON call (only unaudited reads stream to `outgoing`).
    incoming: undefined as unknown as IncomingMessage,
    outgoing: undefined as unknown as ServerResponse,
    url: new URL("http://console.internal/api/payments/config"),
    headers: { get: () => null },
    route: CONFIG_ROUTE,
    segments: ["config"],
    params: {},
    mutation: true,
    audited: true,
    action: "config.update",
    // The proposal is the change's target, so the audit log finds its proposal, decision and change by one id.
    targetId: proposalId,
    guarded,
    requestId: guarded.requestId,
    body: text,
    parsedBody: body,
    upstreamHeaders: { "x-request-id": guarded.requestId, "content-type": "application/json" },
    attemptRecorded: false,
  };
  await chain([auditStep, link, relayStep])(context);
  if (!context.answer) throw new Error("the relay left no answer for an audited call");
  return context.answer;
}
