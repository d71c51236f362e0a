import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "../../../shared/api-error";
import type { ValidationErrorDetails } from "../../../shared/contract/errors";
import { closeAuditTrail } from "../audit/log";
import { currentEnvironment } from "../environments/current";
import { sessionUser } from "../guard/route-guard";
import { unauthenticated, unexpectedError } from "../http/errors";
import { nodeHeaderReader } from "../http/header-reader";
import { newRequestId } from "../http/request-id";
import { log } from "../log/logger";
import { send, sendError } from "./answer";
import { actionKeyStep } from "./steps/action-key";
import { announceStep } from "./steps/announce";
import { auditStep, summarise } from "./steps/audit";
import { configFourEyesStep } from "./steps/config-four-eyes";
import { configUnchangedStep } from "./steps/config-unchanged";
import { contractStep } from "./steps/contract";
import { decisionClaimStep } from "./steps/decision-claim";
import { guardStep } from "./steps/guard";
import { lookUpRoute } from "./steps/match";
import { personalDataStep } from "./steps/personal-data";
import { receiverNotDeletedStep } from "./steps/receiver-not-deleted";
import { recipientScreeningClearStep } from "./steps/recipient-screening-clear";
import { relayStep } from "./steps/relay";
import { screenCustomerStep } from "./steps/screen-customer";
import { screenRecipientStep } from "./steps/screen-recipient";
import { screenRejectedStep } from "./steps/screen-rejected";
import { screeningClearStep } from "./steps/screening-clear";
import { secondApproverStep } from "./steps/second-approver";
import { chain, type RelayContext } from "./steps/step";
import { tokenFourEyesStep } from "./steps/token-four-eyes";

export { PROXY_PREFIX } from "./steps/match";

/**
 * The steps after the match, in order; each runs around the ones after it, so on the way back the audit step records
 * the outcome, the action key keeps the answer, and a decision is announced, before the answer is sent. A new step
 * is one file in lib/server/relay/steps/ and one entry here.
 */
const STEPS = chain([
  guardStep,
  contractStep,
  announceStep,
  screenCustomerStep,
  screenRecipientStep,
  screenRejectedStep,
  actionKeyStep,
  auditStep,
  decisionClaimStep,
  receiverNotDeletedStep,
  screeningClearStep,
  recipientScreeningClearStep,
  secondApproverStep,
  configUnchangedStep,
  configFourEyesStep,
  tokenFourEyesStep,
  personalDataStep,
  relayStep,
]);

/**
 * The relay: match (route table) → guard (requests the console did not make, session, permission) → contract
 * (query and body) → action key (double submission) → audit (attempt before, outcome after) → decision claim (a
 * person and the approval policies never both decide one payment) → receiver not deleted (no approval of a payment
 * whose customer was deleted while it waited) → screening clear (no approval of a payment whose sender is an open
 * or confirmed watchlist match, nor by whoever dismissed its match) → recipient screening clear (no money to an external account whose holder is one) → second approver (the
 * two-person rule holds a first approval of a large payment instead of sending it) → config unchanged (a change
 * saved from a page that showed the parts it changes otherwise than they are now is refused) → config four-eyes (a
 * configuration change that needs a second admin is stored as a proposal instead of sent) → token four-eyes (an API
 * token with TRANSACT or MANAGE is refused: a second admin's proposal creates it) → personal data (masks a
 * counterparty's data the person may not see) → relay (forward with
 * the platform's credential) → the answer passed back as it came. Nothing is forwarded unless its attempt is in the
 * audit log. The browser's cookies never go upstream and upstream authentication headers never come back.
 *
 * Served by the console's Fastify server (server.ts) before Next.js sees the request: Next.js's request handling
 * cost more than the whole call to the service (docs/ARCHITECTURE.md, "The proxy runs beside Next.js"). `url` is
 * the request's absolute URL as the console was reached. Every failure is answered in the API's error shape.
 */
export async function relayPaymentApi(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  url: URL,
): Promise<void> {
  const method = incoming.method ?? "GET";
  const headers = nodeHeaderReader(incoming.headers, { "x-forwarded-proto": url.protocol.slice(0, -1) });
  const found = lookUpRoute(method, url.pathname);
  if (found.kind === "refused") {
    try {
      // Anonymous callers learn nothing of the route table: they are asked to sign in first.
      if (!(await sessionUser(headers, newRequestId()))) throw unauthenticated();
    } catch (error) {
      return sendError(outgoing, error instanceof ApiError ? error : unexpectedError(error));
    }
    return sendError(outgoing, found.error, found.headers);
  }
  const { route, params, segments } = found;
  const mutation = route.method !== "GET";
  const context: RelayContext = {
    incoming,
    outgoing,
    url,
    headers,
    route,
    segments,
    params,
    mutation,
    audited: mutation || route.action !== undefined,
    action: route.action ?? `${route.method} ${route.path}`,
    targetId: route.target ? params[route.target] : undefined,
    requestId: "",
    upstreamHeaders: {},
    attemptRecorded: false,
  };
  try {
    await STEPS(context);
    if (context.guarded && context.audited) await closeAuditTrail(context.requestId);
    const answer = context.answer;
    if (answer) send(outgoing, answer.status, answer.headers, answer.text);
  } catch (error) {
    await recordUnrecorded(context, error);
    if (error instanceof ApiError) {
      const id = context.requestId || error.requestId;
      return sendError(outgoing, error, id ? { "x-request-id": id } : {});
    }
    log.error("proxy", `${method} ${route.path} failed`, { requestId: context.requestId, error });
    return sendError(outgoing, unexpectedError(error));
  }
}

/**
 * The relay's side of the one rule (lib/server/audit/log.ts closeAuditTrail): an audited request the guard admitted that
 * then ended in an error (the contract's 400, a route of the local service only, a step's refusal) gets the attempt
 * and outcome rows the audit step did not write. The guard records its own refusals.
 */
async function recordUnrecorded(context: RelayContext, error: unknown): Promise<void> {
  const guarded = context.guarded;
  if (!guarded || !context.audited) return;
  const answer = error instanceof ApiError ? error : unexpectedError(error);
  await closeAuditTrail(context.requestId, {
    entry: {
      actor: guarded.user,
      action: context.action,
      targetId: context.targetId ?? null,
      requestId: context.requestId,
      clientRequestId: guarded.clientRequestId,
      summary: {
        ...summarise(context.route, context.parsedBody, context.url.searchParams, currentEnvironment()),
        ...settingProblems(context.action, answer),
      },
    },
    status: answer.status,
    code: answer.code,
  });
}

/**
 * Why the contract refused a configuration change, for its audit row: its words on the UMA domain or the webhook
 * endpoint (a look-alike domain's refusal names its characters, shared/contract/domain-scripts.ts). Only those two
 * fields, whose messages hold no personal data.
 */
function settingProblems(action: string, error: ApiError): { problems?: Record<string, string> } {
  if (action !== "config.update" || error.status !== 400) return {};
  const fields = (error.details as Partial<ValidationErrorDetails> | undefined)?.fields ?? [];
  const problems = Object.fromEntries(
    fields
      .filter((field) => field.path === "umaDomain" || field.path === "webhookEndpoint")
      .map((field) => [field.path, field.message]),
  );
  return Object.keys(problems).length > 0 ? { problems } : {};
}
