import { type APIRequestContext, expect, request as playwrightRequest } from "@playwright/test";
import { signInRequest, signInRequestAs, signInRequestAsSecond } from "./session";

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

/**
 * A new member of `role` (an admin or compliance officer is proposed by the demo admin and approved by the second
 * admin), signed in in a request context of their own; `admin` is the demo admin's context, to change them (disable,
 * demote). `dispose` closes all three contexts.
 */
export async function newSignedInMember(
  baseURL: string | undefined,
  input: { prefix: string; name: string; role: string },
): Promise<{
  user: Member;
  email: string;
  member: APIRequestContext;
  admin: APIRequestContext;
  dispose: () => Promise<void>;
}> {
  const options = { baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } };
  const admin = await playwrightRequest.newContext(options);
  const approver = await secondAdminContext(baseURL);
  const member = await playwrightRequest.newContext(options);
  const dispose = async () => {
    await Promise.all([admin.dispose(), approver.dispose(), member.dispose()]);
  };
  try {
    await signInRequest(admin, "admin");
    const email = `${input.prefix}-${Date.now()}@example.com`;
    const { user, initialPassword } = await createMember(admin, approver, {
      email,
      name: input.name,
      role: input.role,
    });
    await signInRequestAs(member, email, initialPassword);
    return { user, email, member, admin, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
