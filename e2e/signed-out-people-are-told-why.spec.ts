import { type APIRequestContext, type Browser, expect, type Page, request, test } from "@playwright/test";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInRequest, signInWith } from "./support/session";

// A member is made (a password hash), signed in twice and changed by an admin: more than the default minute on a
// busy two-core machine.
test.describe.configure({ timeout: 120_000 });

/** A new developer, made by the demo admin (a developer needs no second admin), with their first password. */
async function newDeveloper(
  baseURL: string | undefined,
  prefix: string,
  name: string,
): Promise<{ id: string; email: string; password: string; admin: APIRequestContext }> {
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  const email = `${prefix}-${Date.now()}@example.com`;
  const created = await admin.post("/api/team", { data: { email, name, role: "developer" } });
  expect(created.status(), await created.text()).toBe(201);
  const answer = (await created.json()) as { user: { id: string }; initialPassword: string };
  return { id: answer.user.id, email, password: answer.initialPassword, admin };
}

async function memberPage(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWith(page, email, password);
  await waitForHydration(page);
  return page;
}

/**
 * Opens `path`, unless the page's own next call (a refresh of its data) has found the session ended first and is
 * already taking its person to the sign-in page, which aborts this navigation: either way they land there.
 */
async function openOrBeSentAway(page: Page, path: string): Promise<void> {
  await page.goto(path).catch((error: unknown) => {
    if (!/ERR_ABORTED|interrupted by another navigation/.test(String(error))) throw error;
  });
}

/** Where a signed-out person lands: the sign-in page, saying why in its status line. */
async function expectToldOnSignIn(page: Page, why: RegExp): Promise<void> {
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("status").filter({ hasText: why })).toBeVisible();
}

test("a member whose role an admin changed is told so on the sign-in page, and signs in again as the new role", async ({
  browser,
  baseURL,
}) => {
  const { id, email, password, admin } = await newDeveloper(baseURL, "rhea", "Rhea Dev");
  try {
    const page = await memberPage(browser, email, password);
    await page.goto("/transactions");
    const lowered = await admin.patch(`/api/team/${id}`, { data: { role: "viewer" } });
    expect(lowered.status(), await lowered.text()).toBe(200);

    await openOrBeSentAway(page, "/transactions");
    await expectToldOnSignIn(page, /an admin changed your role from Developer to Viewer/);
    await shot(page, "login-role-changed", { fullPage: false });
    await signInWith(page, email, password);
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

    // Disabled, the same person is told that instead of a bare sign-in form.
    const disabled = await admin.patch(`/api/team/${id}`, { data: { disabled: true } });
    expect(disabled.status(), await disabled.text()).toBe(200);
    await openOrBeSentAway(page, "/");
    await expectToldOnSignIn(page, /an admin disabled your account/);
    await page.context().close();
  } finally {
    await admin.dispose();
  }
});

test("signing out in one window tells the other window why it was signed out", async ({
  browser,
  baseURL,
}) => {
  const { email, password, admin } = await newDeveloper(baseURL, "omar", "Omar Dev");
  try {
    const laptop = await memberPage(browser, email, password);
    const phone = await memberPage(browser, email, password);
    await laptop.getByRole("button", { name: "Omar Dev" }).click();
    await laptop.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(laptop).toHaveURL(/\/login/);
    // The window that signed out says nothing: its person knows.
    await expect(laptop.getByRole("status").filter({ hasText: /signed out/ })).toHaveCount(0);

    await openOrBeSentAway(phone, "/customers");
    await expectToldOnSignIn(phone, /you signed out in another window or on another device/);
    await Promise.all([laptop.context().close(), phone.context().close()]);
  } finally {
    await admin.dispose();
  }
});

test("signing out in one tab sends the browser's other tabs to the sign-in page at once, told why", async ({
  browser,
  baseURL,
}) => {
  const { email, password, admin } = await newDeveloper(baseURL, "tara", "Tara Two-Tabs");
  try {
    const first = await memberPage(browser, email, password);
    // The same browser's second tab: it shares the session cookie the sign-out clears.
    const second = await first.context().newPage();
    await second.goto("/transactions?status=COMPLETED");
    await waitForHydration(second);
    await first.getByRole("button", { name: "Tara Two-Tabs" }).click();
    await first.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(first).toHaveURL(/\/login/);
    // Without a click of its own: it is not left to fail on its next action, told only that a session "ended".
    await expectToldOnSignIn(second, /you signed out in another window or on another device/);
    expect(new URL(second.url()).searchParams.get("callbackUrl")).toBe("/transactions?status=COMPLETED");
    await first.context().close();
  } finally {
    await admin.dispose();
  }
});

test("a tab whose own call is refused before the tab that signed out has told it is still told it was a sign-out", async ({
  browser,
  baseURL,
}) => {
  const { email, password, admin } = await newDeveloper(baseURL, "uma", "Uma Two-Tabs");
  try {
    const first = await memberPage(browser, email, password);
    const second = await first.context().newPage();
    await second.goto("/transactions");
    await waitForHydration(second);
    // The sign-out's answer is held on its way back to the first tab, after the server has ended the session and
    // the browser has dropped the cookie: the first tab has not yet reached the sign-in page that tells the others.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let signedOut: () => void = () => undefined;
    const serverDone = new Promise<void>((resolve) => {
      signedOut = resolve;
    });
    await first.route(
      (url) => url.pathname !== "/api/events",
      async (route) => {
        if (route.request().method() !== "POST" || !route.request().headers()["next-action"]) {
          await route.fallback();
          return;
        }
        const answer = await route.fetch();
        signedOut();
        await held;
        await route.fulfill({ response: answer });
      },
    );
    await first.getByRole("button", { name: "Uma Two-Tabs" }).click();
    await first.getByRole("menuitem", { name: "Sign out" }).click();
    await serverDone;
    // Meanwhile the second tab's own call, made without the cookie, is refused: it reaches the sign-in page first.
    await second
      .getByRole("search", { name: "Filter transactions" })
      .getByRole("combobox", { name: "Direction" })
      .selectOption({ label: "Outgoing" });
    await expectToldOnSignIn(second, /Your session ended/);
    release();
    await expect(first).toHaveURL(/\/login/);
    await expectToldOnSignIn(second, /you signed out in another window or on another device/);
    await first.context().close();
  } finally {
    await admin.dispose();
  }
});

test("a page whose session has gone sends its person to sign in, says so, and brings them back", async ({
  browser,
  baseURL,
}) => {
  const { email, password, admin } = await newDeveloper(baseURL, "ines", "Ines Dev");
  try {
    const page = await memberPage(browser, email, password);
    await page.goto("/customers");
    await waitForHydration(page);
    // The browser dropped the cookie (as it does when the idle time runs out); the page's next call is refused,
    // whether it is hers (a change of password) or the page's own refresh of its data, whichever comes first.
    await page.context().clearCookies();
    const changePassword = async () => {
      await page.getByRole("button", { name: "Ines Dev" }).click();
      await page.getByRole("menuitem", { name: "Change password" }).click();
      const dialog = page.getByRole("dialog", { name: "Change your password" });
      await dialog.getByLabel("Current password").fill(password);
      await dialog.getByLabel(/^New password(?! again)/).fill("a-long-passphrase-of-ines");
      await dialog.getByLabel("New password again").fill("a-long-passphrase-of-ines");
      await dialog.getByRole("button", { name: "Change password" }).click();
    };
    // Her steps stop where the page leaves: only the page's going matters, so where it lands is read, not waited
    // on as one navigation (one refused call's departure may be the one that arrives).
    void changePassword().catch(() => undefined);
    await expect(page).toHaveURL(/\/login\?ended=1&callbackUrl=%2Fcustomers/);

    await expectToldOnSignIn(page, /Your session ended after \d+ minutes without activity/);
    await shot(page, "login-session-ended", { fullPage: false });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await page.context().close();
  } finally {
    await admin.dispose();
  }
});
