import { type APIRequestContext, type Cookie, expect, type Page } from "@playwright/test";
import { demoUser, type Role, secondDemoUser } from "./environment";
import { waitForHydration } from "./navigation";

/** Signs in through Auth.js's own endpoints (CSRF token, then the credentials callback), as a browser would. */
export async function signInRequest(request: APIRequestContext, role: Role): Promise<void> {
  const user = demoUser(role);
  await signInRequestAs(request, user.email, user.password, role);
}

/** Signs in as the demo's second admin or second compliance officer, the other person of a four-eyes control. */
export async function signInRequestAsSecond(request: APIRequestContext, role: "admin" | "compliance") {
  const user = secondDemoUser(role);
  await signInRequestAs(request, user.email, user.password, `second ${role}`);
}

/** The same with any email and password, for a person an admin added during the test. */
export async function signInRequestAs(
  request: APIRequestContext,
  email: string,
  password: string,
  who: string = email,
): Promise<void> {
  const csrf = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const response = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken: csrf.csrfToken, email, password, callbackUrl: "/" },
    maxRedirects: 0,
  });
  if (response.status() >= 400) throw new Error(`sign-in as ${who} failed: ${response.status()}`);
  const session = (await (await request.get("/api/auth/session")).json()) as { uid?: string } | null;
  if (!session?.uid) throw new Error(`sign-in as ${who} did not start a session`);
}

/**
 * Signs the page's person out by dropping the session, and signs in as another. The page is left first: a page
 * whose session vanishes sends itself to the sign-in page at its next call, which would race the sign-in.
 */
export async function switchUser(page: Page, role: Role): Promise<void> {
  await page.goto("about:blank");
  await page.context().clearCookies();
  await signInPage(page, role);
}

// Each demo role's session cookie from its first sign-in in this worker. Signing in through the form costs a page
// load, a password check and a redirect; the suite signs in over a hundred times, and the form itself is proved by
// the first sign-in of each role and by the specs about signing in, which use signInWith.
const sessions = new Map<Role, Cookie>();

/** Signs in through the sign-in page, by label, as a person does (or resumes the role's session; see above). */
export async function signInPage(page: Page, role: Role): Promise<void> {
  if (await resumeSession(page, role)) return;
  const user = demoUser(role);
  await signInWith(page, user.email, user.password);
  const cookie = (await page.context().cookies()).find((each) => each.name.endsWith("authjs.session-token"));
  if (cookie) sessions.set(role, cookie);
}

/**
 * Puts the role's kept session cookie in the page's browser and opens the overview, as the form's redirect would.
 * False when there is none, or when the console no longer honours it (expired, or its person was changed or
 * disabled since: the console sends the browser to the sign-in page); the caller then signs in through the form.
 */
async function resumeSession(page: Page, role: Role): Promise<boolean> {
  const cookie = sessions.get(role);
  if (!cookie || cookie.expires * 1000 < Date.now() + 60_000) return false;
  await page.context().addCookies([cookie]);
  await page.goto("/");
  if (!new URL(page.url()).pathname.startsWith("/login")) {
    // As the form's redirect leaves it, a page ready for keys and clicks: the form's longer way hid this race.
    await waitForHydration(page);
    return true;
  }
  sessions.delete(role);
  await page.context().clearCookies({ name: cookie.name });
  return false;
}

async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The sign-in page with any email and password, for a person an admin added during the test. */
export async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await submitSignIn(page, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** On the sign-in page: these credentials are refused, with the one message that does not say which part failed. */
export async function expectSignInRefused(page: Page, email: string, password: string): Promise<void> {
  await submitSignIn(page, email, password);
  await expect(
    page.getByText("The email or password is not right, or the account is disabled."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
}
