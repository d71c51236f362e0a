import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { roles } from "../auth/permissions";
import { consoleFetch } from "./client";
import { queryKeys } from "./keys";

export const teamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  disabled: z.boolean(),
  sso: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamQuery = () =>
  queryOptions({
    queryKey: queryKeys.team,
    queryFn: ({ signal }) =>
      consoleFetch("/api/team", z.object({ data: z.array(teamMemberSchema) }), { signal }),
  });

export function addTeamMember(input: {
  email: string;
  name: string;
  role: TeamMember["role"];
  password?: string;
}) {
  return consoleFetch(
    "/api/team",
    z.object({ user: teamMemberSchema, initialPassword: z.string().optional() }),
    {
      method: "POST",
      body: input,
    },
  );
}

export function updateTeamMember(id: string, changes: { role?: TeamMember["role"]; disabled?: boolean }) {
  return consoleFetch(`/api/team/${encodeURIComponent(id)}`, z.object({ user: teamMemberSchema }), {
    method: "PATCH",
    body: changes,
  });
}
