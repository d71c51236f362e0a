import { type Browser, expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { withConsoleDatabase } from "./support/database";
import {
  type IdentityAccount,
  type IdentityProvider,
  startIdentityProvider,
} from "./support/identity-provider";
import { shot } from "./support/screens";
import { signInPage, signInRequest } from "./support/session";
import { createMember, secondAdminContext } from "./support/team";

// Single sign-on against a real OpenID Provider on loopback (e2e/support/identity-provider.ts); the console under
// test is configured for it in playwright.config.ts.
const run = Date.now();
const member: IdentityAccount = { email: `sami-${run}@example.com`, emailVerified: true, name: "Sami Sso" };
const stranger: IdentityAccount = { email: `sol-${run}@example.com`, emailVerified: true };
const unverified: IdentityAccount = { email: `uma-${run}@example.com`, emailVerified: false };
const SSO_BUTTON = "Continue with Test identity provider";

let provider: IdentityProvider;

test.beforeAll(async ({ baseURL }) => {
  provider = await startIdentityProvider(baseURL ?? "", [member, stranger, unverified]);
  // Sami and Uma are on the team (added by an admin, with first passwords they never use); Sol is not.
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  // Compliance accounts: proposed by one admin, approved by the second (issue 46 item 2).
  const approver = await secondAdminContext(baseURL);
  for (const [email, name] of [
    [member.email, "Sami Sso"],
    [unverified.email, "Uma Unverified"],
  ] as const) {
    await createMember(admin, approver, { email, name, role: "compliance" });
  }
  await approver.dispose();
  await admin.dispose();
});

test.afterAll(async () => {
  await provider?.stop();
});

/** Presses the sign-on button, again if the press came before the page's script took the form over. */
async function pressSingleSignOn(page: Page): Promise<void> {
  const before = page.url();
  await expect(async () => {
    // Only while still on the page: a press that took is on its way to the provider (or back already).
    if (page.url() === before) await page.getByRole("button", { name: SSO_BUTTON }).click({ timeout: 5_000 });
    await expect(page).not.toHaveURL(before, { timeout: 10_000 });
  }).toPass({ timeout: 40_000 });
}

/** At the identity provider's own sign-in page: the person says who they are there. */
async function answerProvider(page: Page, email: string): Promise<void> {
  await expect(page.getByRole("heading", { name: "Sign in to Test identity provider" })).toBeVisible();
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
}

/** The sign-in page's message (Next.js's route announcer, outside the page's main landmark, is an alert too). */
function refusal(page: Page) {
  return page.getByRole("main").getByRole("alert");
}

interface SsoAuditRow {
  actor_email: string | null;
  outcome: string;
  summary: { issuer?: string; subject?: string; reason?: string };
}

/** The audit log's single sign-on entries for an email, oldest first. */
function ssoAuditRows(email: string): Promise<SsoAuditRow[]> {
  return withConsoleDatabase(
    async (client) =>
      (
        await client.query<SsoAuditRow>(
          "SELECT actor_email, outcome, summary FROM audit_events WHERE action = 'auth.sso.sign-in' AND target_id = $1 ORDER BY id",
          [email],
        )
      ).rows,
  );
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test("a team member signs in through the identity provider, lands where they were going, and the audit log shows it", async ({
  page,
}) => {
  await page.goto("/audit");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Faudit/);
  await expect(page.getByRole("button", { name: SSO_BUTTON })).toBeVisible();
  await shot(page, "login-with-single-sign-on");
  await pressSingleSignOn(page);
  await answerProvider(page, member.email);

  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole("button", { name: "Sami Sso" })).toBeVisible();
  // Sami, in compliance, reads the audit log, where the sign-in is the newest entry naming Sami.
  await expect(async () => {
    await page.getByLabel("Target id").fill("");
    await page.getByLabel("Target id").fill(member.email);
    await expect(page).toHaveURL(/target=/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const entries = page
    .getByRole("table", { name: "Audit log" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
  await expect(entries.first()).toContainText("auth.sso.sign-in");
  await expect(entries.first()).toContainText(member.email);
  expect(await ssoAuditRows(member.email)).toEqual([
    {
      actor_email: member.email,
      outcome: "allowed",
      summary: { issuer: provider.issuer, subject: expect.stringMatching(/^sub-/) },
    },
  ]);
});

test("a person the identity provider knows but who is not on the team is refused, and told why", async ({
  page,
}) => {
  await page.goto("/login");
  await pressSingleSignOn(page);
  await answerProvider(page, stranger.email);

  await expect(page).toHaveURL(/\/login\?error=sso-not-on-team/);
  await expect(refusal(page)).toHaveText(/^This email is not on the team of this console\./);
  await shot(page, "login-single-sign-on-not-on-team");
  expect(((await (await page.request.get("/api/auth/session")).json()) as { uid?: string } | null)?.uid).toBe(
    undefined,
  );
  expect(await ssoAuditRows(stranger.email)).toEqual([
    {
      actor_email: null,
      outcome: "refused",
      summary: expect.objectContaining({ reason: "sso-not-on-team" }),
    },
  ]);
});

test("a team member whose email the identity provider has not verified is refused, and told why", async ({
  page,
}) => {
  await page.goto("/login");
  await pressSingleSignOn(page);
  await answerProvider(page, unverified.email);

  await expect(page).toHaveURL(/\/login\?error=sso-email-unverified/);
  await expect(refusal(page)).toHaveText(
    /^Your identity provider has not verified your email address, so the console cannot tell that it is yours\./,
  );
  await shot(page, "login-single-sign-on-email-unverified");
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
  expect(await ssoAuditRows(unverified.email)).toEqual([
    {
      actor_email: null,
      outcome: "refused",
      summary: expect.objectContaining({ reason: "sso-email-unverified" }),
    },
  ]);
});

test("disabling a member ends their single sign-on session at their next request, and keeps them out", async ({
  page,
  browser,
}) => {
  // Two people, each through a sign-in of their own and several pages: past a minute on a busy machine.
  test.slow();
  const sami = await newPage(browser);
  await sami.goto("/login");
  await pressSingleSignOn(sami);
  await answerProvider(sami, member.email);
  await expect(sami.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

  await signInPage(page, "admin");
  await page.goto("/team");
  // By email: a spec run again after a failure (Playwright's new worker) adds another Sami Sso.
  const row = page
    .getByRole("table", { name: "Team members" })
    .getByRole("row")
    .filter({ hasText: member.email });
  await expect(row.getByRole("cell").nth(3)).toHaveText("just now");
  await row.getByRole("button", { name: "Disable Sami Sso" }).click();
  await page
    .getByRole("alertdialog", { name: "Disable Sami Sso?" })
    .getByRole("button", { name: "Disable" })
    .click();
  await expect(row.getByRole("cell").nth(2)).toHaveText("Disabled");

  // Sami's very next request, an API call as much as a page, finds the session ended.
  expect((await sami.request.get("/api/team")).status()).toBe(401);
  await sami.goto("/");
  await expect(sami).toHaveURL(/\/login/);
  // Still signed in at the identity provider, Sami goes straight back to the console, which refuses them.
  await pressSingleSignOn(sami);
  await expect(sami).toHaveURL(/\/login\?error=sso-disabled/);
  await expect(refusal(sami)).toHaveText(
    "Your account on this console is disabled. Ask an admin to enable it.",
  );
  await shot(sami, "login-single-sign-on-disabled");
  expect((await ssoAuditRows(member.email)).map((entry) => [entry.outcome, entry.summary.reason])).toEqual([
    ["allowed", undefined],
    ["allowed", undefined],
    ["refused", "sso-disabled"],
  ]);
  await sami.context().close();
});
