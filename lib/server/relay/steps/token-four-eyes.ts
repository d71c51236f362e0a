import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { apiTokenSchema } from "../../../../shared/contract";
import {
  DEFAULT_TOKEN_EXPIRY_DAYS,
  expiryFrom,
  isTokenExpiryDays,
  TOKEN_EXPIRY_DAYS,
  TOKEN_EXPIRY_HEADER,
  type TokenExpiryDays,
  tokenNeedsSecondAdmin,
} from "../../../universal/tokens/token-rules";
import { currentEnvironment } from "../../environments/current";
import { log } from "../../log/logger";
import { insertTokenRecord, markRevoked } from "../../tokens/records";
import { stepErrorAnswer } from "./held-answers";
import { guardedOf, type RelayStep, stepWhen } from "./step";

/**
 * API tokens through the relay (issue 46 item 3). A token with TRANSACT or MANAGE is never created here: it is a
 * second admin's decision (POST /api/tokens/proposals, approved through lib/server/four-eyes/decide-proposal.ts), so this
 * answers 409 SECOND_ADMIN_REQUIRED and sends nothing; otherwise an admin could mint one alone and act at the API
 * where the console's rules and audit do not reach. A VIEW token is created at once, as before, and recorded
 * (who made it, when it expires: 90 days unless the browser chose another lifetime in TOKEN_EXPIRY_HEADER).
 * Runs after the audit step, so a refusal has its attempt and outcome rows. A revocation marks the token's record.
 */
export const tokenFourEyesStep: RelayStep = stepWhen(
  (context) => context.action === "token.create" || context.action === "token.revoke",
  async (context, next) => {
    if (context.action === "token.revoke") {
      await next();
      // The record says so, so the expiry sweep does not revoke it again.
      if (context.answer?.outcome === "allowed" && context.targetId) {
        await markRevoked(context.targetId, new Date()).catch((error: unknown) =>
          log.warn("proxy", "could not mark a revoked token", { requestId: context.requestId, error }),
        );
      }
      return;
    }
    const body = (context.parsedBody ?? {}) as { name?: string; permissions?: string[] };
    let days: TokenExpiryDays = DEFAULT_TOKEN_EXPIRY_DAYS;
    try {
      if (tokenNeedsSecondAdmin(body.permissions ?? [])) {
        throw new ApiError(
          409,
          "SECOND_ADMIN_REQUIRED",
          "A token with Transact or Manage needs a second admin: propose it on the API tokens page (POST /api/tokens/proposals); it is created when another admin approves it. Nothing was created.",
        );
      }
      const asked = context.headers.get(TOKEN_EXPIRY_HEADER);
      if (asked !== null) {
        const value = Number(asked);
        if (!isTokenExpiryDays(value)) {
          throw new ApiError(
            400,
            "INVALID_INPUT",
            `A token's lifetime must be one of ${TOKEN_EXPIRY_DAYS.join(", ")} days.`,
          );
        }
        days = value;
      }
    } catch (error) {
      const unavailable = new ApiError(
        503,
        "TOKEN_CHECK_FAILED",
        "The token could not be checked; nothing was created.",
      );
      context.answer = stepErrorAnswer(error, unavailable, context.requestId);
      return;
    }
    await next();
    const answer = context.answer;
    if (answer?.outcome !== "allowed") return;
    const token = apiTokenSchema.safeParse(answer.json);
    if (!token.success) return;
    const user = guardedOf(context).user;
    try {
      await insertTokenRecord({
        tokenId: token.data.id,
        environment: currentEnvironment(),
        name: token.data.name,
        clientId: token.data.clientId,
        permissions: token.data.permissions,
        createdById: user.id,
        createdByEmail: user.email,
        expiresAt: expiryFrom(days),
      });
      answer.auditSummary = { ...answer.auditSummary, expiresInDays: days };
    } catch (error) {
      // The token exists and its secret is in this answer; the page lists it as made outside the console.
      log.error("proxy", "could not record a new API token", { requestId: context.requestId, error });
    }
  },
);
