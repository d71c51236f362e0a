import "server-only";
import { ApiError } from "../../../shared/api-error";
import type { ConfigProposal } from "../../universal/config/proposal-types";
import { findUserById } from "../auth/users";
import { getConsoleDatabase } from "../db";
import type { Guarded } from "../guard/route-guard";
import { proposeTeamChange } from "./team-proposals";

type Who = Pick<Guarded, "user" | "requestId" | "clientRequestId">;

/**
 * POST /api/team/[userId]/password: proposes, not does, a new first password for another member. A second admin
 * approves, and the password is generated then and shown once to that admin, never to the proposer, who could
 * otherwise reset another admin's password and act as them (issue 46).
 */
export async function proposePasswordReset(who: Who, userId: string): Promise<ConfigProposal> {
  const target = await findUserById(getConsoleDatabase(), userId);
  if (!target) throw new ApiError(404, "USER_NOT_FOUND", "No such team member.");
  if (target.id === who.user.id)
    throw new ApiError(
      409,
      "OWN_PASSWORD",
      "Change your own password from your menu; it asks for the current one.",
    );
  return proposeTeamChange(
    who,
    "team.user.password.reset",
    { action: "password", userId: target.id, email: target.email, name: target.name },
    {},
  );
}
