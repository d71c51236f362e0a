import "server-only";
import type { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import type { ConfigProposal } from "../../universal/config/proposal-types";
import { changeNeedsSecondAdmin } from "../../universal/team/privileges";
import { auditedAction } from "../audit/log";
import { findUserById, type updateUserInputSchema, updateUserKeepingAnAdmin } from "../auth/users";
import { getConsoleDatabase } from "../db";
import type { Guarded } from "../guard/route-guard";
import { revokeTokensCreatedBy } from "../tokens/expiry";
import { requireOwnName } from "./own-name";
import { presentUser } from "./present";
import { proposeTeamChange } from "./team-proposals";

type Who = Pick<Guarded, "user" | "requestId" | "clientRequestId">;

/** What PATCH /api/team/[userId] answers: the proposal (202) for a raise, else the changed member (200). */
export type UpdatedMember = { proposal: ConfigProposal } | { user: ReturnType<typeof presentUser> };

/**
 * PATCH /api/team/[userId]: changes a member's role, name or status, audited. Raising a role (or enabling a
 * privileged account again) is proposed for a second admin instead; the last active admin cannot be demoted.
 */
export async function updateTeamMember(
  who: Who,
  userId: string,
  changes: z.output<typeof updateUserInputSchema>,
): Promise<UpdatedMember> {
  const db = getConsoleDatabase();
  const target = await findUserById(db, userId);
  if (!target) throw new ApiError(404, "USER_NOT_FOUND", "No such team member.");
  if (changes.name !== undefined) await requireOwnName(changes.name, target.id);
  if (changeNeedsSecondAdmin({ role: target.role, disabled: target.disabledAt !== null }, changes)) {
    // Raising a role (or enabling a privileged account again) gives power: another admin approves it.
    if (target.id === who.user.id) {
      throw new ApiError(409, "OWN_ROLE", "Another admin must change your role.");
    }
    const proposal = await proposeTeamChange(
      who,
      "team.user.update",
      {
        action: "update",
        userId: target.id,
        email: target.email,
        name: target.name,
        changes,
        before: { role: target.role, disabled: target.disabledAt !== null },
      },
      { role: target.role, disabled: target.disabledAt !== null },
    );
    return { proposal };
  }
  const updated = await auditedAction(
    {
      actor: who.user,
      requestId: who.requestId,
      clientRequestId: who.clientRequestId,
      action: "team.user.update",
      targetId: target.email,
      // A rename keeps the name it replaced: the audit log's earlier rows name them by it.
      summary: {
        changes,
        previousRole: target.role,
        ...(changes.name !== undefined ? { previousName: target.name } : {}),
      },
    },
    async () => {
      const done = await updateUserKeepingAnAdmin(db, target, changes);
      if (!done) throw new ApiError(404, "USER_NOT_FOUND", "No such team member.");
      return done;
    },
    (user) => ({ targetId: user.email }),
  );
  // Disabled or moved: the API tokens they were given stop working now, as their sessions did.
  if (changes.disabled === true || (changes.role !== undefined && changes.role !== target.role)) {
    await revokeTokensCreatedBy(target.id);
  }
  return { user: presentUser(updated) };
}
