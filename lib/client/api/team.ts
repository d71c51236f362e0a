import { queryOptions } from "@tanstack/react-query";
import { queryKeys } from "../../universal/api/keys";
import type { Role } from "../../universal/auth/permissions";
import type { ConfigProposal } from "../../universal/config/proposal-types";
import { consoleFetch } from "./client";

/** A console user as /api/team answers (app/api/team/route.ts). */
export type TeamMember = {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  sso: boolean;
  /** The last successful sign-in; null if they never signed in. */
  lastSignedInAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export const teamQuery = () =>
  queryOptions({
    queryKey: queryKeys.team,
    queryFn: ({ signal }) => consoleFetch<{ data: TeamMember[] }>("/api/team", { signal }),
  });

export function addTeamMember(input: {
  email: string;
  name: string;
  role: TeamMember["role"];
  password?: string;
}) {
  // An admin or compliance account is proposed (202), for a second admin to approve (issue 46 item 2).
  return consoleFetch<
    { user: TeamMember; initialPassword?: string | undefined } | { proposal: TeamProposal }
  >("/api/team", {
    method: "POST",
    body: input,
  });
}

export function updateTeamMember(id: string, changes: { role?: TeamMember["role"]; disabled?: boolean }) {
  // Raising a role, or enabling a disabled admin or compliance officer, is proposed (202) for a second admin.
  return consoleFetch<{ user: TeamMember } | { proposal: TeamProposal }>(
    `/api/team/${encodeURIComponent(id)}`,
    {
      method: "PATCH",
      body: changes,
    },
  );
}

/**
 * POST /api/team/:id/password: proposes a new first password; a second admin approves, and the password is
 * generated then and shown once to that admin only. The member's sessions end when it is applied.
 */
export function resetTeamMemberPassword(id: string) {
  return consoleFetch<{ proposal: TeamProposal }>(`/api/team/${encodeURIComponent(id)}/password`, {
    method: "POST",
    body: {},
  });
}

/** A team change waiting for (or decided by) a second admin, as /api/team/proposals answers it. */
export type TeamProposal = Extract<ConfigProposal, { kind: "team" }>;

export const teamProposalsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.team, "proposals"] as const,
    queryFn: ({ signal }) =>
      consoleFetch<{ pending: TeamProposal[]; recent: TeamProposal[] }>("/api/team/proposals", { signal }),
  });

/** Approve (applied as you; a new account's or reset's password comes back, once), decline or withdraw. */
export function decideTeamProposal(id: string, decision: "approve" | "decline" | "withdraw") {
  return consoleFetch<TeamProposal & { initialPassword?: string }>(
    `/api/team/proposals/${encodeURIComponent(id)}/${decision}`,
    { method: "POST", body: {} },
  );
}
