import { queryOptions } from "@tanstack/react-query";
import { queryKeys } from "../../universal/api/keys";
import type { TeamMember, TeamPageProposal, TeamProposal } from "../../universal/console-api/types";
import { consoleCall } from "./client";

export type { TeamMember, TeamPageProposal, TeamProposal };

export const teamQuery = () =>
  queryOptions({
    queryKey: queryKeys.team,
    queryFn: ({ signal }) => consoleCall("GET /api/team", { signal }),
  });

export function addTeamMember(input: {
  email: string;
  name: string;
  role: TeamMember["role"];
  password?: string;
}) {
  // An admin or compliance account is proposed (202), for a second admin to approve (issue 46 item 2).
  return consoleCall("POST /api/team", { body: input });
}

export function updateTeamMember(
  id: string,
  changes: { role?: TeamMember["role"]; disabled?: boolean; name?: string },
) {
  // Raising a role, or enabling a disabled admin or compliance officer, is proposed (202) for a second admin.
  return consoleCall("PATCH /api/team/[userId]", { params: { userId: id }, body: changes });
}

/**
 * POST /api/team/:id/password: proposes a new first password; a second admin approves, and the password is
 * generated then and shown once to that admin only. The member's sessions end when it is applied.
 */
export function resetTeamMemberPassword(id: string) {
  return consoleCall("POST /api/team/[userId]/password", { params: { userId: id }, body: {} });
}

/**
 * DELETE /api/team/:id/sso: unlinks the member's single sign-on and ends their sessions (200); an admin's, or your
 * own, is proposed (202) for a second admin.
 */
export function unlinkTeamMemberSso(id: string) {
  return consoleCall("DELETE /api/team/[userId]/sso", { params: { userId: id } });
}

export const teamProposalsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.team, "proposals"] as const,
    queryFn: ({ signal }) => consoleCall("GET /api/team/proposals", { signal }),
  });

/** Approve (applied as you; a new account's or reset's password comes back, once), decline or withdraw. */
export function decideTeamProposal(id: string, decision: "approve" | "decline" | "withdraw") {
  return consoleCall(`POST /api/team/proposals/[id]/${decision}`, { params: { id }, body: {} });
}
