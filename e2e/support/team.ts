import { type APIRequestContext, expect, request as playwrightRequest } from "@playwright/test";
import { signInRequestAsSecond } from "./session";

export interface Member {
  id: string;
  email: string;
  name: string;
  role: string;
}

/** A new second admin (the demo's Sam Second-Admin) in a request context of its own; dispose it after. */
export async function secondAdminContext(baseURL: string | undefined): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequestAsSecond(context, "admin");
  return context;
}

/**
 * Adds a person through the console as an admin does, and answers them with their first password. A viewer or
 * developer is created at once; an admin or compliance officer is proposed by `proposer` and approved by
 * `approver`, another admin (issue 46 item 2), who is shown the password.
 */
export async function createMember(
  proposer: APIRequestContext,
  approver: APIRequestContext,
  input: { email: string; name: string; role: string },
): Promise<{ user: Member; initialPassword: string }> {
  const created = await proposer.post("/api/team", { data: input });
  if (created.status() === 201) {
    return (await created.json()) as { user: Member; initialPassword: string };
  }
  expect(created.status(), await created.text()).toBe(202);
  const { proposal } = (await created.json()) as { proposal: { id: string } };
  const approved = await approver.post(`/api/team/proposals/${proposal.id}/approve`, { data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  const { initialPassword } = (await approved.json()) as { initialPassword: string };
  const team = (await (await approver.get("/api/team")).json()) as { data: Member[] };
  const user = team.data.find((member) => member.email === input.email.toLowerCase());
  if (!user) throw new Error(`${input.email} was approved but is not on the team`);
  return { user, initialPassword };
}
