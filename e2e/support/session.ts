import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { demoUser, type Role, secondDemoUser } from "./environment";

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

/** Signs in through the sign-in page, by label, as a person does. */
export async function signInPage(page: Page, role: Role): Promise<void> {
  const user = demoUser(role);
  await signInWith(page, user.email, user.password);
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
