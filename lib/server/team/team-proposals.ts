import "server-only";
import { ApiError } from "../../../shared/api-error";
import type { ConfigProposal } from "../../universal/config/proposal-types";
import { raiseReplacesPassword } from "../../universal/team/privileges";
import type { TeamChange } from "../../universal/team/team-proposal-types";
import { auditedAction } from "../audit/log";
import { generateFirstPassword } from "../auth/passwords";
import {
  createUser,
  DuplicateUserError,
  findUserByEmail,
  findUserById,
  setPassword,
  unlinkSso,
  updateUser,
} from "../auth/users";
import {
  createProposal,
  markProposalApplied,
  proposalOf,
  reopenProposal,
  supersedeProposal,
} from "../config/proposals";
import { getConsoleDatabase } from "../db";
import type { configProposals } from "../db/schema";
import type { Guarded } from "../guard/route-guard";
import { memberNamed } from "./own-name";

type Who = Pick<Guarded, "user" | "requestId" | "clientRequestId">;
type Row = typeof configProposals.$inferSelect;

/**
 * Stores a team change for a second admin (issue 46 item 2): a privileged account, a raised role or another
 * person's password reset. Audited as the proposer's `action`, marked `fourEyes: "proposed"`; several may wait at
 * once, one per person (409 CONFIG_PROPOSAL_PENDING for a second one about the same person).
 */
export async function proposeTeamChange(
  who: Who,
  action: string,
  change: TeamChange,
  before: Record<string, unknown>,
): Promise<ConfigProposal> {
  const row = await auditedAction(
    {
      actor: who.user,
      requestId: who.requestId,
      clientRequestId: who.clientRequestId,
      action,
      targetId: change.email,
      summary: { change: withoutAction(change), fourEyes: "proposed" },
    },
    () =>
      createProposal({
        kind: "team",
        subject: change.email.toLowerCase(),
        body: change as unknown as Record<string, unknown>,
        before,
        diff: [change],
        user: who.user,
        requestId: who.requestId,
      }),
    (created) => ({ summary: { proposalId: created.id, fourEyes: "proposed" } }),
  );
  return proposalOf(row);
}

function withoutAction(change: TeamChange): Record<string, unknown> {
  const { action: _action, ...rest } = change;
  return rest;
}

const supersede = (who: Who, proposal: Row, why: string): Promise<never> =>
  supersedeProposal(
    who,
    proposal.id,
    `${why} This proposal was not applied and is now superseded; propose the change again if it is still wanted.`,
  );

/**
 * Applies an approved team proposal, as the approving admin (audited as them, linked to the proposal). Answers the
 * password generated for a new account or a reset: shown once to the approver, who hands it over; never stored in
 * the proposal, never shown to the proposer.
 */
export async function applyTeamProposal(who: Who, proposal: Row): Promise<string | undefined> {
  const change = proposal.body as unknown as TeamChange;
  const db = getConsoleDatabase();
  const linked = {
    fourEyes: "approved",
    proposalId: proposal.id,
    proposedBy: proposal.proposerEmail,
    proposalRequestId: proposal.proposalRequestId,
  };
  const entry = (action: string) => ({
    actor: who.user,
    requestId: who.requestId,
    clientRequestId: who.clientRequestId,
    action,
    targetId: change.email,
    summary: linked,
  });

  if (change.action === "create") {
    if (await findUserByEmail(db, change.email))
      await supersede(who, proposal, `${change.email} is already a member.`);
    // Another account may have taken the name since it was proposed (two proposals of one name, say).
    const named = await memberNamed(change.name);
    if (named) await supersede(who, proposal, `${named.email} is already a member named ${named.name}.`);
    await markProposalApplied(who, proposal.id);
    const password = generateFirstPassword();
    await reopenOnFailure(proposal, () =>
      auditedAction({ ...entry("team.user.create"), summary: { ...linked, role: change.role } }, async () => {
        try {
          return await createUser(db, {
            email: change.email,
            name: change.name,
            role: change.role,
            password,
          });
        } catch (error) {
          if (error instanceof DuplicateUserError) throw new ApiError(409, "USER_EXISTS", error.message);
          throw error;
        }
      }),
    );
    return password;
  }

  const target = await findUserById(db, change.userId);
  if (!target) return supersede(who, proposal, "That member no longer exists.");
  if (change.action === "password") {
    if (target.id === who.user.id) {
      throw new ApiError(
        409,
        "OWN_PASSWORD",
        "This resets your own password: another admin must approve it, or change yours from your menu.",
      );
    }
    await markProposalApplied(who, proposal.id);
    const password = generateFirstPassword();
    await reopenOnFailure(proposal, () =>
      auditedAction(
        entry("team.user.password.reset"),
        () => setPassword(db, target.id, password, { handedOver: true }),
        () => ({ summary: { ...linked, sessionsEnded: true } }),
      ),
    );
    return password;
  }

  if (change.action === "unlink-sso") {
    if (target.id === who.user.id) {
      throw new ApiError(
        409,
        "OWN_SSO",
        "This unlinks your own single sign-on: another admin must approve it.",
      );
    }
    // Linked to another identity since (unlinked and linked again), or not at all: what was proposed is gone.
    if (target.oidcSubject !== change.subject) {
      await supersede(who, proposal, `${target.name}'s single sign-on link changed since this was proposed.`);
    }
    await markProposalApplied(who, proposal.id);
    await reopenOnFailure(proposal, () =>
      auditedAction(
        {
          ...entry("team.user.sso.unlink"),
          summary: { ...linked, subject: change.subject, role: target.role },
        },
        async () => {
          const done = await unlinkSso(db, target.id, change.subject);
          if (!done) throw new ApiError(409, "NOT_LINKED", `${target.name}'s single sign-on link changed.`);
          return done;
        },
        () => ({ summary: { sessionsEnded: true } }),
      ),
    );
    return undefined;
  }

  if (target.role !== change.before.role || (target.disabledAt !== null) !== change.before.disabled) {
    await supersede(who, proposal, `${target.name}'s role or status changed since this was proposed.`);
  }
  await markProposalApplied(who, proposal.id);
  // Raised into a role that can be someone's second person, a password account gets a new password, shown once to
  // the approver as a new one's is: its proposer may have made the account, and so know its password, and would
  // otherwise gain a second person by a promotion that looks routine. The old password stops working. A single
  // sign-on link is undone for the same reason (its proposer may have signed in as the account and linked an
  // identity of theirs): the next single sign-on with the member's verified email links anew.
  const raising = raiseReplacesPassword(target.role, change.changes.role);
  const password = raising && target.passwordHash !== null ? generateFirstPassword() : undefined;
  const ssoUnlinked = raising && target.oidcSubject !== null;
  await reopenOnFailure(proposal, () =>
    auditedAction(
      {
        ...entry("team.user.update"),
        summary: {
          ...linked,
          changes: change.changes,
          previousRole: target.role,
          ...(password ? { passwordReplaced: true } : {}),
          ...(ssoUnlinked ? { ssoUnlinked: true, subject: target.oidcSubject } : {}),
        },
      },
      async () => {
        const done = await updateUser(db, target.id, change.changes);
        if (!done) throw new ApiError(404, "USER_NOT_FOUND", "No such team member.");
        if (password) await setPassword(db, target.id, password, { handedOver: true });
        if (ssoUnlinked) await unlinkSso(db, target.id, null);
        return done;
      },
    ),
  );
  return password;
}

/** A change that failed after the proposal was marked applied waits again, as if never approved. */
async function reopenOnFailure<T>(proposal: Row, act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    await reopenProposal(proposal.id);
    throw error;
  }
}
