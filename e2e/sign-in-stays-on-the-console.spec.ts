import { expect, type Page, test } from "@playwright/test";
import { demoUser } from "./support/environment";

// Each would take a browser to evil.example if passed on as it is: browsers drop tab, CR and LF from a URL and
// read a backslash as a slash, so `/<tab>/evil.example` becomes `//evil.example`, another site.
const ELSEWHERE = [
  "%2F%09%2Fevil.example%2Fphish",
  "%2F%0D%2Fevil.example%2Fphish",
  "%2F%0A%2Fevil.example%2Fphish",
  "%2F%09%5Cevil.example%2Fphish",
  "%2F%5C%09evil.example%2Fphish",
  "%09%2F%2Fevil.example%2Fphish",
  "%2F%0D%0A%5C%5Cevil.example%2Fphish",
];

/** Nothing leaves the machine: a request to the other site is answered here, so the test sees it land there. */
async function catchEscapes(page: Page): Promise<void> {
  await page.context().route(
    (url) => url.hostname === "evil.example",
    (route) => route.fulfill({ status: 200, body: "phished" }),
  );
}

function onConsole(page: Page, baseURL: string | undefined): void {
  expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? "").origin);
}

for (const callbackUrl of ELSEWHERE) {
  test(`signing in with callbackUrl=${callbackUrl} lands on the console`, async ({ page, baseURL }) => {
    await catchEscapes(page);
    const login = await page.goto(`/login?callbackUrl=${callbackUrl}`);
    expect(login?.status()).toBe(200);
    const viewer = demoUser("viewer");
    await page.getByLabel("Email").fill(viewer.email);
    await page.getByLabel("Password").fill(viewer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    onConsole(page, baseURL);
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

    // Signed in, the sign-in page sends the person on at once: to the console as well.
    const again = await page.goto(`/login?callbackUrl=${callbackUrl}`);
    expect(again?.status()).toBeLessThan(500);
    onConsole(page, baseURL);
  });
}

test("Auth.js's own sign-in endpoint keeps its redirect on the console", async ({ page }) => {
  const viewer = demoUser("viewer");
  const signIn = async (callbackUrl: string) => {
    const csrf = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const answer = await page.request.post("/api/auth/callback/credentials", {
      form: { csrfToken: csrf.csrfToken, email: viewer.email, password: viewer.password, callbackUrl },
      maxRedirects: 0,
    });
    expect(answer.status(), callbackUrl).toBe(302);
    // As a browser reads the Location header.
    return new URL(answer.headers().location ?? "");
  };
  // The console's origin as Auth.js writes it (its configured URL).
  const home = await signIn("/");
  for (const callbackUrl of ["/\t/evil.example/phish", "/\\\\evil.example", "http://evil.example/phish"]) {
    const location = await signIn(callbackUrl);
    expect(location.origin, callbackUrl).toBe(home.origin);
    expect(location.pathname, callbackUrl).not.toMatch(/^\/[\t\\/]/);
  }
});
