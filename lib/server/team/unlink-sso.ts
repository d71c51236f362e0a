import "server-only";
import { ApiError } from "../../../shared/api-error";
import type { ConfigProposal } from "../../universal/config/proposal-types";
import { isPrivilegedRole } from "../../universal/team/privileges";
import { auditedAction } from "../audit/log";
import { findUserById, unlinkSso } from "../auth/users";
import { getConsoleDatabase } from "../db";
import type { Guarded } from "../guard/route-guard";
import { presentUser } from "./present";
import { proposeTeamChange } from "./team-proposals";

type Who = Pick<Guarded, "user" | "requestId" | "clientRequestId">;

/**
 * What DELETE /api/team/[userId]/sso answers: the proposal (202) for an admin's, a compliance officer's or your own,
 * else the member.
 */
export type UnlinkedMember = { proposal: ConfigProposal } | { user: ReturnType<typeof presentUser> };

export const SSO_UNLINK_ACTION = "team.user.sso.unlink";

/**
 * DELETE /api/team/[userId]/sso: undoes a member's single sign-on link, so that the next single sign-on with their
 * verified email links the identity it comes with (a person whose identity at the provider was recreated gets back
 * in), and ends their sessions. Whoever controls that email at the provider then becomes the member: for a member
 * who can be someone's second person (admin, compliance: isPrivilegedRole), or for the admin's own link, it is
 * proposed for a second admin instead (applyTeamProposal), as creating such an account or raising a role is. 404 for an unknown member, 409 NOT_LINKED for a member with no link.
 */
export async function unlinkTeamMemberSso(who: Who, userId: string): Promise<UnlinkedMember> {
  const db = getConsoleDatabase();
  const target = await findUserById(db, userId);
  if (!target) throw new ApiError(404, "USER_NOT_FOUND", "No such team member.");
  const subject = target.oidcSubject;
  if (subject === null) {
    throw new ApiError(409, "NOT_LINKED", `${target.name} has no single sign-on link to undo.`);
  }
  if (isPrivilegedRole(target.role) || target.id === who.user.id) {
    const proposal = await proposeTeamChange(
      who,
      SSO_UNLINK_ACTION,
      { action: "unlink-sso", userId: target.id, email: target.email, name: target.name, subject },
      { subject, role: target.role },
    );
    return { proposal };
  }
  const updated = await auditedAction(
    {
      actor: who.user,
      requestId: who.requestId,
      clientRequestId: who.clientRequestId,
      action: SSO_UNLINK_ACTION,
      targetId: target.email,
      summary: { subject, role: target.role },
    },
    async () => {
      const done = await unlinkSso(db, target.id, subject);
      if (!done) {
        throw new ApiError(
          409,
          "NOT_LINKED",
          `${target.name}'s single sign-on link changed at the same moment; look again before unlinking.`,
        );
      }
      return done;
    },
    () => ({ summary: { subject, sessionsEnded: true } }),
  );
  return { user: presentUser(updated) };
}
