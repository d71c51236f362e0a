import { queryOptions } from "@tanstack/react-query";
import type { Role } from "../auth/permissions";
import { consoleFetch } from "./client";
import { queryKeys } from "./keys";

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
  return consoleFetch<{ user: TeamMember; initialPassword?: string | undefined }>("/api/team", {
    method: "POST",
    body: input,
  });
}

export function updateTeamMember(id: string, changes: { role?: TeamMember["role"]; disabled?: boolean }) {
  return consoleFetch<{ user: TeamMember }>(`/api/team/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: changes,
  });
}

/** POST /api/team/:id/password: a new first password, shown once; the member's sessions end. */
export function resetTeamMemberPassword(id: string) {
  return consoleFetch<{ initialPassword: string }>(`/api/team/${encodeURIComponent(id)}/password`, {
    method: "POST",
    body: {},
  });
}
