import { type Browser, expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { withConsoleDatabase } from "./support/database";
import {
  type IdentityAccount,
  type IdentityProvider,
  startIdentityProvider,
} from "./support/identity-provider";
import { wrapsInsideWords } from "./support/line-breaks";
import { shot } from "./support/screens";
import { signInPage, signInRequest, signInRequestAs } from "./support/session";
import { createMember, type Member, secondAdminContext } from "./support/team";

// A member whose identity at the provider was made again (a new `sub`, the same verified email) is refused by the
// link their first single sign-on made; an admin unlinks it on the Team page, and the new identity links at their
// next single sign-on. An admin's link only through a second admin (e2e/team-member-signs-in-with-sso.spec.ts
// covers signing in itself; the provider is e2e/support/identity-provider.ts).
const run = Date.now();
const cal: IdentityAccount = { email: `cal-${run}@example.com`, emailVerified: true, name: "Cal Linked" };
const ari: IdentityAccount = { email: `ari-${run}@example.com`, emailVerified: true, name: "Ari Admin" };
const fay: IdentityAccount = { email: `fay-${run}@example.com`, emailVerified: true, name: "Fay Officer" };
const SSO_BUTTON = "Continue with Test identity provider";

let provider: IdentityProvider;
let calMember: Member;
let calPassword: string;
let ariMember: Member;

test.beforeAll(async ({ baseURL }) => {
  provider = await startIdentityProvider(baseURL ?? "", [cal, ari, fay]);
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  const approver = await secondAdminContext(baseURL);
  ({ user: calMember, initialPassword: calPassword } = await createMember(admin, approver, {
    email: cal.email,
    name: "Cal Linked",
    role: "developer",
  }));
  ({ user: ariMember } = await createMember(admin, approver, {
    email: ari.email,
    name: "Ari Admin",
    role: "admin",
  }));
  await createMember(admin, approver, { email: fay.email, name: "Fay Officer", role: "compliance" });
  await approver.dispose();
  await admin.dispose();
});

test.afterAll(async () => {
  await provider?.stop();
});

async function pressSingleSignOn(page: Page): Promise<void> {
  const before = page.url();
  await expect(async () => {
    if (page.url() === before) await page.getByRole("button", { name: SSO_BUTTON }).click({ timeout: 5_000 });
    await expect(page).not.toHaveURL(before, { timeout: 10_000 });
  }).toPass({ timeout: 40_000 });
}

/** A new browser (no session at the provider either) signs in through single sign-on as `email`. */
async function singleSignOn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/login");
  await pressSingleSignOn(page);
  await expect(page.getByRole("heading", { name: "Sign in to Test identity provider" })).toBeVisible();
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).not.toHaveURL(/127\.0\.0\.1:\d+\/interaction/);
  return page;
}

function teamRow(page: Page, email: string) {
  return page.getByRole("table", { name: "Team members" }).getByRole("row").filter({ hasText: email });
}

interface UnlinkAuditRow {
  actor_email: string | null;
  outcome: string;
  summary: Record<string, unknown>;
}

function unlinkAuditRows(email: string): Promise<UnlinkAuditRow[]> {
  return withConsoleDatabase(
    async (client) =>
      (
        await client.query<UnlinkAuditRow>(
          "SELECT actor_email, outcome, summary FROM audit_events WHERE action = 'team.user.sso.unlink' AND target_id = $1 ORDER BY id",
          [email],
        )
      ).rows,
  );
}

test("an admin unlinks a member's single sign-on: their re-created identity then signs in and is linked", async ({
  page,
  browser,
}) => {
  test.slow();
  // Cal's first single sign-on links identity A.
  const withA = await singleSignOn(browser, cal.email);
  await expect(withA.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

  // Cal's identity at the provider is made again: identity B, the same verified email, is refused.
  provider.recreate(cal.email);
  const refused = await singleSignOn(browser, cal.email);
  await expect(refused).toHaveURL(/\/login\?error=sso-subject-mismatch/);
  await expect(refused.getByRole("main").getByRole("alert")).toContainText(
    "ask an admin to unlink your single sign-on",
  );
  await refused.context().close();

  // The admin reads how Cal signs in, and unlinks.
  await signInPage(page, "admin");
  await page.goto("/team");
  const row = teamRow(page, cal.email);
  const methods = row.getByRole("cell").nth(4);
  await expect(methods).toContainText("Password");
  await expect(methods).toContainText(/Single sign-on\s*linked just now/);
  // The unlink stands beside the link it undoes, so the row's own three buttons keep to one line at 1280 px.
  await page.setViewportSize({ width: 1280, height: 900 });
  // With a member's single sign-on shown, the addresses still wrap at their "@" and dots, never inside a word.
  for (const email of ["compliance@demo.local", "second-compliance@demo.local", cal.email]) {
    const address = teamRow(page, email).getByText(email, { exact: true });
    expect(await wrapsInsideWords(address), email).toEqual([]);
  }
  await expect(methods.getByRole("button", { name: "Unlink single sign-on of Cal Linked" })).toBeVisible();
  const rowButtons = row.getByRole("cell").nth(5).getByRole("button");
  await expect(rowButtons).toHaveText([/^Change role/, /^Reset password/, /^Disable/]);
  const tops = await rowButtons.evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().top));
  expect(new Set(tops).size, "the row's buttons on one line").toBe(1);
  await shot(page, "team-sign-in-methods");
  // On a phone's card too, the unlink stands under the link, within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const phoneUnlink = await methods
    .getByRole("button", { name: "Unlink single sign-on of Cal Linked" })
    .boundingBox();
  expect(
    (phoneUnlink?.x ?? 0) + (phoneUnlink?.width ?? 0),
    "the unlink within the phone's screen",
  ).toBeLessThanOrEqual(390);
  await methods.scrollIntoViewIfNeeded();
  await shot(page, "390-team-sign-in-methods", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole("button", { name: "Unlink single sign-on of Cal Linked" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Unlink Cal Linked's single sign-on?" });
  await expect(dialog).toContainText(
    "The next single sign-on with Cal Linked's verified email links the identity it comes with",
  );
  await expect(dialog).toContainText("sessions end at once");
  await shot(page, "team-unlink-sso-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Unlink", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "single sign-on is unlinked" })).toBeVisible();
  await expect(methods).not.toContainText("Single sign-on");

  // Cal's session from identity A ended, and the sign-in page says why.
  await withA.goto("/");
  await expect(withA).toHaveURL(/\/login/);
  await expect(
    withA.getByRole("status").filter({ hasText: "an admin unlinked your single sign-on" }),
  ).toBeVisible();
  await shot(withA, "login-after-sso-unlinked");
  await withA.context().close();

  // Identity B now signs in as Cal, and is linked.
  const withB = await singleSignOn(browser, cal.email);
  await expect(withB.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await withB.context().close();
  await page.reload();
  await expect(methods).toContainText(/Single sign-on\s*linked just now/);
  const linkedTo = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ oidc_subject: string }>("SELECT oidc_subject FROM users WHERE id = $1", [
          calMember.id,
        ])
      ).rows[0]?.oidc_subject,
  );
  expect(linkedTo).toBe(provider.subjectOf(cal.email));

  // The audit log shows the unlink, as the admin reads it.
  await page.goto("/audit");
  await expect(async () => {
    await page.getByLabel("Target id").fill("");
    await page.getByLabel("Target id").fill(cal.email);
    await expect(page).toHaveURL(/target=/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(
    page
      .getByRole("table", { name: "Audit log" })
      .getByRole("row")
      .filter({ hasText: "team.user.sso.unlink" }),
  ).not.toHaveCount(0);
  expect(
    (await unlinkAuditRows(cal.email)).map((entry) => [entry.outcome, entry.summary.sessionsEnded]),
  ).toEqual([
    ["attempted", undefined],
    ["allowed", true],
  ]);
});

test("the unlink route refuses a non-admin, a member with no link and an unknown member, in the API's error shape", async ({
  baseURL,
}) => {
  const options = { baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } };
  const developer = await playwrightRequest.newContext(options);
  await signInRequestAs(developer, cal.email, calPassword);
  const refused = await developer.delete(`/api/team/${calMember.id}/sso`);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({
    status: 403,
    code: expect.any(String),
    message: expect.any(String),
  });
  await developer.dispose();

  const admin = await playwrightRequest.newContext(options);
  await signInRequest(admin, "admin");
  // Ari has never signed in through single sign-on: nothing to unlink.
  const notLinked = await admin.delete(`/api/team/${ariMember.id}/sso`);
  expect(notLinked.status()).toBe(409);
  expect(await notLinked.json()).toMatchObject({ status: 409, code: "NOT_LINKED" });
  const unknown = await admin.delete("/api/team/00000000-0000-4000-8000-000000000000/sso");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ status: 404, code: "USER_NOT_FOUND" });
  await admin.dispose();
  expect(
    await withConsoleDatabase(
      async (client) =>
        (
          await client.query<{ oidc_subject: string | null }>(
            "SELECT oidc_subject FROM users WHERE id = $1",
            [calMember.id],
          )
        ).rows[0]?.oidc_subject,
    ),
  ).toBe(provider.subjectOf(cal.email));
});

test("unlinking an admin's single sign-on is only proposed, and applies when a second admin approves", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const ariPage = await singleSignOn(browser, ari.email);
  await expect(ariPage.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

  await signInPage(page, "admin");
  await page.goto("/team");
  const row = teamRow(page, ari.email);
  await row.getByRole("button", { name: "Unlink single sign-on of Ari Admin" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Unlink Ari Admin's single sign-on?" });
  await expect(dialog).toContainText("Ari Admin is an admin");
  await expect(dialog).toContainText("needs a second admin");
  await shot(page, "team-unlink-admin-sso-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Propose unlink" }).click();
  await expect(page.getByRole("status").filter({ hasText: "It waits for a second admin" })).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: "Changes waiting for a second admin" })
      .getByRole("listitem")
      .filter({
        hasText: `Unlink the single sign-on of Ari Admin (${ari.email})`,
      }),
  ).toBeVisible();
  await shot(page, "team-unlink-admin-sso-proposed");
  // Still linked, still signed in.
  await expect(row.getByRole("cell").nth(4)).toContainText("Single sign-on");
  expect((await ariPage.request.get("/api/team")).status()).toBe(200);

  // The second admin approves it: the link is gone and Ari's session ends.
  const approver = await secondAdminContext(baseURL);
  const { pending } = (await (await approver.get("/api/team/proposals")).json()) as {
    pending: { id: string; kind: string; change: { action: string; userId?: string } }[];
  };
  const proposal = pending.find(
    (each) =>
      each.kind === "team" && each.change.action === "unlink-sso" && each.change.userId === ariMember.id,
  );
  expect(proposal).toBeDefined();
  const approved = await approver.post(`/api/team/proposals/${proposal?.id}/approve`, { data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  await approver.dispose();
  await page.reload();
  await expect(row.getByRole("cell").nth(4)).not.toContainText("Single sign-on");
  expect((await ariPage.request.get("/api/team")).status()).toBe(401);
  await ariPage.context().close();
  expect((await unlinkAuditRows(ari.email)).map((entry) => [entry.outcome, entry.summary.fourEyes])).toEqual([
    ["attempted", "proposed"],
    ["allowed", "proposed"],
    ["attempted", "approved"],
    ["allowed", "approved"],
  ]);
});

test("a compliance officer's single sign-on too is only proposed, and the dialog says why before anything changes", async ({
  page,
  browser,
}) => {
  test.slow();
  const fayPage = await singleSignOn(browser, fay.email);
  await expect(fayPage).not.toHaveURL(/\/login/);
  await fayPage.context().close();

  await signInPage(page, "admin");
  await page.goto("/team");
  const row = teamRow(page, fay.email);
  await expect(row.getByRole("cell").nth(4)).toContainText(/Single sign-on\s*linked just now/);
  await row.getByRole("button", { name: "Unlink single sign-on of Fay Officer" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Unlink Fay Officer's single sign-on?" });
  await expect(dialog).toContainText("Fay Officer is a compliance officer");
  await expect(dialog).toContainText("able to be someone's second person, so it needs a second admin");
  await expect(dialog.getByRole("button", { name: "Propose unlink" })).toBeVisible();
  await shot(page, "team-unlink-compliance-sso-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("cell").nth(4)).toContainText("Single sign-on");
});
