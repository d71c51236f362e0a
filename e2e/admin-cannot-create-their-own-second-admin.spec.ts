import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { withConsoleDatabase } from "./support/database";
import { demoUser } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "./support/fixtures";
import { signInRequest, signInRequestAs, signInRequestAsSecond } from "./support/session";
import { createMember } from "./support/team";
import { resetTwoPersonRule } from "./support/two-person-rule";

// Issue 46 item 2: "the second person can be the first person's own creation". An admin made a second admin with a
// password through POST /api/team, signed in as it and approved their own proposal, or gave a payment its second
// approval. Now a privileged account, a raised role and a password reset wait for a second admin, and an account
// cannot be the second person on anything older than its role.

test.describe.configure({ mode: "serial" });

const contexts: APIRequestContext[] = [];
let ada: APIRequestContext;
let sam: APIRequestContext;

async function client(baseURL: string | undefined): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  contexts.push(context);
  return context;
}

async function fourEyes(): Promise<Record<string, boolean>> {
  return (
    (await (await ada.get("/api/config/four-eyes")).json()) as {
      setting: { config: Record<string, boolean> };
    }
  ).setting.config;
}

test.beforeAll(async ({ baseURL }) => {
  ada = await client(baseURL);
  await signInRequest(ada, "admin");
  sam = await client(baseURL);
  await signInRequestAsSecond(sam, "admin");
});

// Leave the console's rules as other specs expect them: nothing waiting, four-eyes and the two-person rule off.
test.afterAll(async () => {
  await withConsoleDatabase(async (client) => {
    await client.query("DELETE FROM console_settings WHERE key = 'four-eyes'");
    await client.query("UPDATE config_proposals SET status = 'withdrawn' WHERE status = 'proposed'");
  });
  await resetTwoPersonRule();
  for (const context of contexts) await context.dispose();
});

test("an admin's own new admin is only proposed, and once approved cannot approve the proposal made before it", async ({
  baseURL,
}) => {
  // Ada puts the UMA domain under four-eyes (turning a part on applies at once), then proposes it off again (the
  // webhook endpoint's part is always on).
  const on = { config: { supportedCurrencies: false, umaDomain: true, webhookEndpoint: true } };
  expect((await ada.put("/api/config/four-eyes", { data: on })).status()).toBe(200);
  const off = { config: { supportedCurrencies: false, umaDomain: false, webhookEndpoint: true } };
  const offByAda = await ada.put("/api/config/four-eyes", { data: off });
  expect(offByAda.status()).toBe(202);
  const offProposal = ((await offByAda.json()) as { proposal: { id: string } }).proposal;

  // Ada creates an admin for herself: only proposed, no password to her, nobody on the team yet.
  const email = `bea-${randomUUID().slice(0, 8)}@demo.local`;
  const created = await ada.post("/api/team", { data: { email, name: "Bea Own-Admin", role: "admin" } });
  expect(created.status()).toBe(202);
  const createdBody = (await created.json()) as {
    proposal: { id: string; kind: string };
    initialPassword?: string;
  };
  expect(createdBody.proposal.kind).toBe("team");
  expect(createdBody).not.toHaveProperty("initialPassword");
  const team = async () =>
    ((await (await ada.get("/api/team")).json()) as { data: { email: string }[] }).data;
  expect((await team()).map((member) => member.email)).not.toContain(email);

  // The direct ways to an account she can sign in as are closed: a password of her choosing is refused, and she
  // cannot approve her own proposal.
  const withPassword = await ada.post("/api/team", {
    data: {
      email: `own-${email}`,
      name: "Own Password",
      role: "admin",
      password: "a-password-ada-knows-1234",
    },
  });
  expect(withPassword.status()).toBe(400);
  expect((await team()).map((member) => member.email)).not.toContain(`own-${email}`);
  const selfApproval = await ada.post(`/api/team/proposals/${createdBody.proposal.id}/approve`);
  expect(selfApproval.status()).toBe(409);
  expect(await selfApproval.json()).toMatchObject({ code: "SECOND_ADMIN_REQUIRED" });
  // A viewer she can sign in as cannot be raised by her alone either.
  const viewerEmail = `vera-${randomUUID().slice(0, 8)}@demo.local`;
  const viewer = await createMember(ada, sam, { email: viewerEmail, name: "Vera Viewer", role: "viewer" });
  const raised = await ada.patch(`/api/team/${viewer.user.id}`, { data: { role: "admin" } });
  expect(raised.status()).toBe(202);
  expect((await team()).find((member) => member.email === viewerEmail)).toMatchObject({ role: "viewer" });
  expect(
    (
      await ada.post(
        `/api/team/proposals/${((await raised.json()) as { proposal: { id: string } }).proposal.id}/withdraw`,
      )
    ).status(),
  ).toBe(200);

  // A real second admin approves Bea: the password is shown to Sam, once.
  const approved = await sam.post(`/api/team/proposals/${createdBody.proposal.id}/approve`);
  expect(approved.status()).toBe(200);
  const { initialPassword } = (await approved.json()) as { initialPassword: string };
  expect(initialPassword).toMatch(/^[\w-]{16}$/);
  expect(await (await ada.get("/api/team/proposals")).text()).not.toContain(initialPassword);

  // Bea exists now, but her role is newer than Ada's proposal: she cannot be its second admin.
  const bea = await client(baseURL);
  await signInRequestAs(bea, email, initialPassword);
  const tooNew = await bea.post(`/api/config/proposals/${offProposal.id}/approve`);
  expect(tooNew.status()).toBe(409);
  expect(await tooNew.json()).toMatchObject({ code: "SECOND_PERSON_TOO_NEW" });
  expect(await fourEyes()).toEqual(on.config);
  // Sam, an admin before the proposal, can.
  expect((await sam.post(`/api/config/proposals/${offProposal.id}/approve`)).status()).toBe(200);
  expect(await fourEyes()).toEqual(off.config);
});

test("a compliance officer created or raised after a payment's first approval cannot give its second", async ({
  baseURL,
}) => {
  const carla = await client(baseURL);
  await signInRequest(carla, "compliance");
  // Dora is a viewer before the payment arrives; raised to compliance only after its first approval.
  const dora = await createMember(ada, sam, {
    email: `dora-${randomUUID().slice(0, 8)}@demo.local`,
    name: "Dora Raised",
    role: "viewer",
  });
  const threshold = await carla.put("/api/approvals/thresholds", {
    data: { thresholds: [{ currency: "USD", minimumAmount: 1_000 }] },
  });
  expect(threshold.status()).toBe(200);
  const customer = await createIndividualCustomer("Second Person Too New");
  const payment = await receiveSandboxPayment(customer.id, 300_000);
  const approve = (context: APIRequestContext) =>
    context.post(`/api/payments/transactions/${encodeURIComponent(payment.id)}/approve`, {
      data: { receiverCustomerInfo: { FULL_NAME: customer.fullName } },
    });
  expect((await approve(carla)).status()).toBe(202);

  // A compliance officer created now, through a second admin as it must be, is still too new for this payment.
  const email = `cody-${randomUUID().slice(0, 8)}@demo.local`;
  const cody = await createMember(ada, sam, { email, name: "Cody New-Compliance", role: "compliance" });
  const codySession = await client(baseURL);
  await signInRequestAs(codySession, email, cody.initialPassword);
  const byCody = await approve(codySession);
  expect(byCody.status()).toBe(409);
  expect(await byCody.json()).toMatchObject({ code: "SECOND_PERSON_TOO_NEW" });
  expect(await transactionStatus(payment.id)).toBe("PENDING");

  // Dora's account is older than the payment, but her compliance role is not.
  const raised = await ada.patch(`/api/team/${dora.user.id}`, { data: { role: "compliance" } });
  expect(raised.status()).toBe(202);
  const raisedId = ((await raised.json()) as { proposal: { id: string } }).proposal.id;
  const raisedAnswer = await sam.post(`/api/team/proposals/${raisedId}/approve`);
  expect(raisedAnswer.status()).toBe(200);
  // Raised into compliance, her password is replaced and shown to Sam once: Ada, who made her account and was
  // shown its first password, cannot sign in as the officer she had raised.
  const { initialPassword: replaced } = (await raisedAnswer.json()) as { initialPassword?: string };
  expect(replaced).toMatch(/^[\w-]{16}$/);
  expect(replaced).not.toBe(dora.initialPassword);
  await expect(
    signInRequestAs(await client(baseURL), dora.user.email, dora.initialPassword),
  ).rejects.toThrow();
  const doraSession = await client(baseURL);
  await signInRequestAs(doraSession, dora.user.email, replaced ?? "");
  const byDora = await approve(doraSession);
  expect(byDora.status()).toBe(409);
  expect(await byDora.json()).toMatchObject({ code: "SECOND_PERSON_TOO_NEW" });
  expect(await transactionStatus(payment.id)).toBe("PENDING");

  // Cole, a compliance officer since before the first approval, gives the second.
  const cole = await client(baseURL);
  await signInRequestAsSecond(cole, "compliance");
  expect((await approve(cole)).status()).toBe(200);
  await expect.poll(() => transactionStatus(payment.id), { timeout: 15_000 }).toBe("COMPLETED");
});

test("an address that reaches a member's own mailbox under a +tag is refused: one person, one account", async () => {
  const [local, domain] = demoUser("admin").email.split("@");
  for (const role of ["admin", "viewer"]) {
    const email = `${local?.toUpperCase()}+${role}-${Date.now()}@${domain}`;
    const response = await ada.post("/api/team", { data: { email, name: "Ada Again", role } });
    expect(response.status(), await response.text()).toBe(409);
    expect(((await response.json()) as { code: string }).code).toBe("SAME_MAILBOX");
  }
});

test("a name that could pass for a member's is refused: the same name, a look-alike letter, or invisible characters", async () => {
  const stamp = Date.now();
  const add = (name: string, n: number) =>
    ada.post("/api/team", { data: { email: `name-${stamp}-${n}@example.com`, name, role: "viewer" } });
  // The admin's own name as it reads (case, accents and spaces aside): 409 NAME_TAKEN, naming whose it is.
  for (const [n, name] of ["Ada Admin", "ada  ADMIN", "Adá Admin"].entries()) {
    const response = await add(name, n);
    expect(response.status(), await response.text()).toBe(409);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe("NAME_TAKEN");
    expect(body.message).toContain(demoUser("admin").email);
  }
  // A look-alike letter, a zero-width space, a text-direction control, full-width letters: 400 under `name`.
  for (const [n, name] of ["Ada \u0410dmin", "Ada\u200bAdmin", "Ada Admin\u202e", "Ａｄａ Admin"].entries()) {
    const response = await add(name, 10 + n);
    expect(response.status(), await response.text()).toBe(400);
    const body = (await response.json()) as { code: string; details?: { fields?: { path: string }[] } };
    expect(body.code).toBe("INVALID_INPUT");
    expect(body.details?.fields?.[0]?.path).toBe("name");
  }
  // A name of its own, in one script per word, is taken.
  const own = await add(`Ana Лебедева ${stamp}`, 20);
  expect(own.status(), await own.text()).toBe(201);
});

test("two proposals of one name: the second admin approves the first, and the second is superseded, not a look-alike", async () => {
  const stamp = Date.now();
  const name = `Twin Officer ${stamp}`;
  const proposed = [];
  for (const n of [1, 2]) {
    const response = await ada.post("/api/team", {
      data: { email: `twin-${stamp}-${n}@example.com`, name, role: "compliance" },
    });
    expect(response.status(), await response.text()).toBe(202);
    proposed.push(((await response.json()) as { proposal: { id: string } }).proposal.id);
  }
  const [first, second] = proposed;
  expect((await sam.post(`/api/team/proposals/${first}/approve`, { data: {} })).status()).toBe(200);
  const refused = await sam.post(`/api/team/proposals/${second}/approve`, { data: {} });
  expect(refused.status(), await refused.text()).toBe(409);
  expect(await refused.json()).toMatchObject({ code: "STALE_PROPOSAL" });
  const team = (await (await ada.get("/api/team")).json()) as { data: { name: string }[] };
  expect(team.data.filter((member) => member.name === name)).toHaveLength(1);
});
