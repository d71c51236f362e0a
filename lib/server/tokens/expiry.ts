import "server-only";
import { writeAudit, writeAuditOutcome } from "../audit/log";
import { env } from "../env";
import { currentEnvironment, runInEnvironment } from "../environments/current";
import { everyEnvironmentEvery } from "../environments/every-environment";
import { configuredEnvironments } from "../environments/settings";
import { newRequestId } from "../http/request-id";
import { log } from "../log/logger";
import { readAnswerText, relayToPaymentApi, UpstreamFailure } from "../payment-api/transport";
import { dueForRevocation, markRevoked, type RevocationReason, type TokenRecord } from "./records";

/**
 * The console enforces the expiry it gave each token (the API's tokens do not expire): every token of this
 * environment past its expiry, whose sealed secret was not collected in time, or whose creator has since been
 * disabled or moved to another role, is revoked at the API (DELETE /tokens/:id) and marked revoked. Each revocation
 * is audited like any action, as the console's own (`token.expire`, or `token.revoke` when its creator left; no
 * person), attempt before and outcome after. A 404 means it was revoked already (at the API). Runs when the token
 * list is read (GET /api/tokens), when a member is disabled or changes role, and periodically
 * (startTokenExpirySweep); a failure is logged and retried at the next run.
 */
export async function revokeDueTokens(now = new Date(), createdById?: string): Promise<string[]> {
  const due = await dueForRevocation(currentEnvironment(), now, createdById);
  const revoked: string[] = [];
  for (const record of due) {
    try {
      if (await revokeOne(record, now)) revoked.push(record.tokenId);
    } catch (error) {
      log.warn("tokens", "could not revoke a token due for revocation", { tokenId: record.tokenId, error });
    }
  }
  return revoked;
}

const REASONS: Record<RevocationReason, string> = {
  expired: "expired",
  uncollected: "secret not collected within 24 hours",
  "creator-left": "its creator was disabled or moved to another role",
};

async function revokeOne(record: TokenRecord & { reason: RevocationReason }, now: Date): Promise<boolean> {
  const requestId = newRequestId();
  const entry = {
    actor: null,
    // An expiry is the console keeping the token's term; a creator who left is a revocation the console made.
    action: record.reason === "creator-left" ? "token.revoke" : "token.expire",
    targetId: record.tokenId,
    requestId,
    summary: {
      method: "DELETE",
      path: "/tokens/:tokenId",
      environment: currentEnvironment(),
      by: "console",
      reason: REASONS[record.reason],
      expiresAt: record.expiresAt.toISOString(),
      name: record.name,
      clientId: record.clientId,
    },
  };
  await writeAudit({ ...entry, outcome: "attempted" });
  let status: number;
  try {
    const answer = await relayToPaymentApi({
      method: "DELETE",
      path: `/tokens/${encodeURIComponent(record.tokenId)}`,
      headers: { "x-request-id": requestId },
      local: false,
      timeoutMs: env().PAYMENT_API_TIMEOUT_MS,
    });
    status = answer.status;
    await readAnswerText(answer);
  } catch (error) {
    const outcome = error instanceof UpstreamFailure && error.mayHaveHappened ? "unknown" : "failed";
    await writeAuditOutcome({ ...entry, outcome, upstreamStatus: null });
    throw error;
  }
  const gone = (status >= 200 && status < 300) || status === 404;
  await writeAuditOutcome({ ...entry, outcome: gone ? "allowed" : "failed", upstreamStatus: status });
  if (gone) await markRevoked(record.tokenId, now);
  return gone;
}

/**
 * Revokes now, in every environment the console holds, what is due of the tokens `userId` created: called when they
 * are disabled or their role changes, so the tokens they hold stop working with their sessions rather than at the
 * next sweep. Only theirs, so the change waits on no one else's. A failure is logged; the periodic sweep tries again.
 */
export async function revokeTokensCreatedBy(userId: string): Promise<void> {
  for (const environment of configuredEnvironments(env()).map((one) => one.name)) {
    await runInEnvironment(environment, () => revokeDueTokens(new Date(), userId)).catch((error: unknown) =>
      log.warn("tokens", "tokens due for revocation were not all revoked", { environment, error }),
    );
  }
}

const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * The periodic sweep in the console's server process (server.ts): every ten minutes, each environment the console
 * holds, so a token expires at the API even when nobody opens the token page. Several consoles behind a load
 * balancer may sweep at once: a second DELETE of one token is a 404, taken as revoked.
 */
export function startTokenExpirySweep(): void {
  everyEnvironmentEvery(SWEEP_INTERVAL_MS, "tokens", "the periodic token expiry sweep failed", () =>
    revokeDueTokens(),
  );
}
