import "server-only";
import type { Environment } from "../../../universal/auth/permissions";
import type { ProxyRoute } from "../../../universal/relay/route-table";
import { writeAudit, writeAuditOutcome } from "../../audit/log";
import { readConfigSettings, settingsOfAnswer } from "../../config/snapshot";
import { currentEnvironment } from "../../environments/current";
import { guardedOf, type RelayStep, stepWhen } from "./step";

/**
 * Every mutation, and a read that hands something out, is recorded before it is forwarded (nothing goes upstream
 * unless its attempt is in the audit log) and its outcome after: allowed, failed with the API's code, or unknown
 * when no answer came after the request was sent. A configuration change also records the configuration before it
 * (read from the API just before) and after it (the API's answer), for the configuration's history.
 */
export const auditStep: RelayStep = stepWhen(
  (context) => context.audited,
  async (context, next) => {
    const guarded = guardedOf(context);
    const configChange = context.route.action === "config.update";
    const before = configChange ? await readConfigSettings(context.requestId) : null;
    if (configChange) context.configBefore = before;
    const entry = {
      actor: guarded.user,
      action: context.action,
      targetId: context.targetId ?? null,
      requestId: context.requestId,
      clientRequestId: guarded.clientRequestId,
      summary: {
        ...summarise(context.route, context.parsedBody, context.url.searchParams, currentEnvironment()),
        ...(before ? { before } : {}),
      },
    };
    await writeAudit({ ...entry, outcome: "attempted" });
    context.attemptRecorded = true;
    await next();
    const answer = context.answer;
    if (!answer) return;
    const json = answer.json;
    await writeAuditOutcome({
      ...entry,
      targetId:
        context.targetId ?? (answer.outcome === "allowed" ? targetFromResponse(json) : undefined) ?? null,
      outcome: answer.outcome,
      upstreamStatus: answer.upstreamStatus,
      summary:
        answer.outcome === "allowed"
          ? { ...entry.summary, ...afterOf(configChange, json), ...answer.auditSummary }
          : { ...entry.summary, reason: errorCodeOf(json) ?? answer.failureCode, ...answer.auditSummary },
    });
  },
);

/** The configuration after an accepted change, from the API's answer. */
function afterOf(configChange: boolean, json: unknown): { after?: unknown } {
  const after = configChange ? settingsOfAnswer(json) : null;
  return after ? { after } : {};
}

/**
 * A short, PII-free description of a request for the audit log: the environment, which fields, and the money in it.
 */
export function summarise(
  route: ProxyRoute,
  body: unknown,
  query: URLSearchParams,
  environment: Environment,
): Record<string, unknown> {
  // Which environment's API it acted on: the same path means different money in the sandbox and in production.
  const summary: Record<string, unknown> = {
    method: route.method,
    path: route.path,
    environment,
  };
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    summary.fields = Object.keys(record).sort();
    for (const key of [
      "amount",
      "lockedCurrencyAmount",
      "lockedCurrencySide",
      "currencyCode",
      "receivingCurrencyAmount",
      "receivingCurrencyCode",
      "quoteId",
      "seconds",
      "reason",
    ]) {
      if (key in record) summary[key] = record[key];
    }
    if (route.action === "config.update") summary.changes = configChanges(record);
  }
  if ([...query.keys()].length > 0) summary.query = Object.fromEntries(query);
  return summary;
}

/**
 * The new values a configuration change sets, for the configuration's history. The body has passed the contract by
 * now, so it holds only the writable settings (no secrets) and a bounded currency list.
 */
function configChanges(record: Record<string, unknown>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of ["umaDomain", "webhookEndpoint", "supportedCurrencies"]) {
    if (key in record) changes[key] = record[key];
  }
  return changes;
}

/** The id of what an accepted action created or touched, from the API's answer, when the path named none. */
export function targetFromResponse(json: unknown): string | undefined {
  if (!json || typeof json !== "object") return undefined;
  const record = json as Record<string, unknown>;
  for (const key of ["id", "quoteId", "jobId", "code", "lookupId"]) {
    if (typeof record[key] === "string") return record[key];
  }
  return undefined;
}

/** The API's error code in an answer's body, when it has one. */
export function errorCodeOf(json: unknown): string | undefined {
  const code = json && typeof json === "object" ? (json as Record<string, unknown>).code : undefined;
  return typeof code === "string" ? code : undefined;
}
