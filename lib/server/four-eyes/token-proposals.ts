import "server-only";
import { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import { apiTokenSchema, tokenPermissionSchema } from "../../../shared/contract";
import type { ConfigProposal } from "../../universal/config/proposal-types";
import { tokenProposalBodySchema } from "../../universal/console-api/bodies";
import {
  expiryFrom,
  isTokenExpiryDays,
  SECRET_COLLECTION_HOURS,
  type TokenProposalBody,
} from "../../universal/tokens/token-rules";
import { auditedAction } from "../audit/log";
import { decideProposal, markProposalApplied, proposalOf, reopenProposal } from "../config/proposals";
import { getConsoleDatabase } from "../db";
import { configProposals } from "../db/schema";
import { currentEnvironment, runInEnvironment } from "../environments/current";
import { announce } from "../events/announce";
import type { Guarded } from "../guard/route-guard";
import { log } from "../log/logger";
import { createTokenAs, errorOfAnswer, revokeTokenAs } from "../relay/token-calls";
import { insertTokenRecord, takeSealedSecret } from "../tokens/records";
import { openSecret, sealSecret } from "../tokens/secret-box";

export { tokenProposalBodySchema };

type Who = Pick<Guarded, "user" | "requestId" | "clientRequestId">;
type Row = typeof configProposals.$inferSelect;

const storedBodySchema = z.looseObject({
  name: z.string(),
  permissions: z.array(tokenPermissionSchema),
  expiresInDays: z.number().refine(isTokenExpiryDays),
});

function storedBody(row: Row): TokenProposalBody {
  const parsed = storedBodySchema.safeParse(row.body);
  if (!parsed.success) throw new Error(`token proposal ${row.id} holds a body of an unknown shape`);
  return parsed.data as TokenProposalBody;
}

/**
 * A token with TRANSACT or MANAGE waits for a second admin (issue 46 item 3): stored as a proposal of kind `token`
 * in this environment, one waiting per token name. Audited as `token.propose` (the attempt before the body is even
 * read, so a refused body has its rows too); nothing is created at the API yet.
 */
export async function proposeToken(
  who: Who,
  readBody: () => Promise<TokenProposalBody>,
): Promise<ConfigProposal> {
  const environment = currentEnvironment();
  const row = await auditedAction(
    {
      actor: who.user,
      requestId: who.requestId,
      clientRequestId: who.clientRequestId,
      action: "token.propose",
      targetId: null,
      summary: { environment, fourEyes: "proposed" },
    },
    async () => {
      const body = await readBody();
      const [created] = await getConsoleDatabase()
        .insert(configProposals)
        .values({
          kind: "token",
          body,
          before: {},
          diff: [body],
          proposerId: who.user.id,
          proposerEmail: who.user.email,
          proposerName: who.user.name,
          proposalRequestId: who.requestId,
          environment,
          subject: body.name.trim().toLowerCase(),
        })
        .onConflictDoNothing()
        .returning();
      if (!created) {
        throw new ApiError(
          409,
          "CONFIG_PROPOSAL_PENDING",
          `A token named "${body.name}" is already waiting for a second admin. Approve, decline or withdraw it first.`,
        );
      }
      return created;
    },
    (created) => {
      const body = created.body as TokenProposalBody;
      return {
        targetId: created.id,
        summary: {
          proposalId: created.id,
          name: body.name,
          permissions: body.permissions,
          expiresInDays: body.expiresInDays,
        },
      };
    },
  );
  // Open pages learn of it: the other admins' API tokens page, where it is approved, and their overview.
  await announce({ kind: "proposals" });
  return proposalOf(row);
}

/**
 * A second admin approved a token proposal (lib/server/four-eyes/decide-proposal.ts approveProposal checked who): the
 * console creates the token at the API as the approver, audited as `token.create` linked to the proposal, records
 * who proposed and approved it and its expiry, and keeps its secret sealed for the proposer alone, who asked for it;
 * the approver never sees it. A creation the API refuses leaves the proposal waiting again.
 */
export function applyTokenProposal(who: Who, proposal: Row): Promise<void> {
  return runInEnvironment(proposal.environment ?? currentEnvironment(), () => applyHere(who, proposal));
}

async function applyHere(who: Who, proposal: Row): Promise<void> {
  const body = storedBody(proposal);
  await markProposalApplied(who, proposal.id);
  const answer = await createTokenAs(
    who,
    { name: body.name, permissions: body.permissions },
    {
      fourEyes: "approved",
      proposalId: proposal.id,
      proposedBy: proposal.proposerEmail,
      proposalRequestId: proposal.proposalRequestId,
    },
  );
  if (answer.outcome !== "allowed") {
    if (answer.outcome !== "unknown") {
      await reopenProposal(proposal.id).catch(async (error: unknown) => {
        log.warn("tokens", "could not reopen a token proposal the API refused", {
          requestId: who.requestId,
          error,
        });
        await decideProposal(proposal.id, "superseded", who.user, who.requestId);
      });
    }
    throw errorOfAnswer(answer, "The payment API did not create the token.");
  }
  const token = apiTokenSchema.safeParse(answer.json);
  const now = new Date();
  try {
    if (!token.success || !token.data.clientSecret) throw new Error("the API's answer held no token secret");
    await insertTokenRecord({
      tokenId: token.data.id,
      environment: currentEnvironment(),
      name: token.data.name,
      clientId: token.data.clientId,
      permissions: token.data.permissions,
      createdById: proposal.proposerId,
      createdByEmail: proposal.proposerEmail,
      approvedById: who.user.id,
      approvedByEmail: who.user.email,
      proposalId: proposal.id,
      expiresAt: expiryFrom(body.expiresInDays, now),
      secretSealed: sealSecret(token.data.clientSecret, token.data.id),
      secretCollectBy: new Date(now.getTime() + SECRET_COLLECTION_HOURS * 3600 * 1000),
    });
  } catch (error) {
    // A token nobody can be given, or that the console cannot expire, must not stay live.
    log.error("tokens", "could not record an approved token; revoking it", {
      requestId: who.requestId,
      error,
    });
    if (token.success) {
      await revokeTokenAs(who, token.data.id, { reason: "not recorded", proposalId: proposal.id }).catch(
        () => undefined,
      );
    }
    throw new ApiError(
      503,
      "TOKEN_NOT_RECORDED",
      "The token was created but could not be recorded, so it was revoked again. Propose it again.",
    );
  }
}

/**
 * The proposer collects an approved token's secret, once: the sealed copy is deleted as it is read. Audited as
 * `token.secret.collect` (without the secret). 404 for anyone else, after collection or after the 24 hours.
 */
export async function collectTokenSecret(
  who: Who,
  tokenId: string,
): Promise<{ id: string; name: string; clientId: string; clientSecret: string; permissions: string[] }> {
  return auditedAction(
    {
      actor: who.user,
      requestId: who.requestId,
      clientRequestId: who.clientRequestId,
      action: "token.secret.collect",
      targetId: tokenId,
      summary: { environment: currentEnvironment() },
    },
    async () => {
      const taken = await takeSealedSecret(tokenId, who.user.id, new Date());
      const secret = taken ? openSecret(taken.sealed, tokenId) : null;
      if (!taken || secret === null) {
        throw new ApiError(
          404,
          "TOKEN_SECRET_NOT_FOUND",
          "No secret waits for you for this token: it was collected already, its 24 hours passed, or another admin proposed it.",
        );
      }
      return {
        id: taken.record.tokenId,
        name: taken.record.name,
        clientId: taken.record.clientId,
        clientSecret: secret,
        permissions: taken.record.permissions,
      };
    },
    (result) => ({ summary: { clientId: result.clientId } }),
  );
}
