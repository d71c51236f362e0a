import { expect, request as playwrightRequest, test } from "@playwright/test";
import { signInPage, signInRequest } from "../support/session";

test("every response carries the security headers", async ({ baseURL }) => {
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInRequest(admin, "admin");
  for (const url of [
    "/",
    "/login",
    "/approvals",
    "/api/payments/config",
    "/api/approvals",
    "/no-such-page",
    // Static files, and pages whose names begin as theirs do (the not-found page, which must have its policy).
    "/icon.svg",
    "/manifest.webmanifest",
    "/icon.svgX",
    "/manifest.webmanifest/x",
    "/favicon.icon",
    // A path Next.js cannot decode, answered by the console's server before it: 400, and a page's redirect.
    "/api/team/%ZZ",
    "/transactions/%ZZ",
  ]) {
    const response = await admin.get(url);
    const headers = response.headers();
    expect(headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], url).toBe("nosniff");
    expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
    expect(headers["strict-transport-security"], url).toContain("max-age=");
  }
});

test("JSON and signed-in pages are never cached", async ({ baseURL }) => {
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInRequest(admin, "admin");
  for (const url of ["/api/payments/config", "/api/approvals", "/api/team", "/", "/approvals", "/team"]) {
    const response = await admin.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["cache-control"], url).toContain("no-store");
  }
});

test("a list of forwarded schemes or a stray forwarded host does not lock a signed-in person out", async ({
  baseURL,
}) => {
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInRequest(admin, "admin");
  // A chain of proxies may write several values; anyone may write anything. Before, each made the session check
  // throw: every page answered 503 ("cannot verify sessions").
  for (const headers of <Record<string, string>[]>[
    { "x-forwarded-proto": "http, https" },
    { "x-forwarded-proto": "gopher" },
    { "x-forwarded-host": "a b" },
    { "x-forwarded-host": "%ZZ" },
  ]) {
    const page = await admin.get("/transactions", { headers, maxRedirects: 0 });
    expect({ headers, status: page.status() }).toEqual({ headers, status: 200 });
    const api = await admin.get("/api/team", { headers });
    expect({ headers, status: api.status() }).toEqual({ headers, status: 200 });
  }
  await admin.dispose();
});

/** The script-src directive of a Content-Security-Policy. */
function scriptSrc(policy: string | undefined): string {
  return (
    (policy ?? "")
      .split(";")
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith("script-src")) ?? ""
  );
}

const nonceOf = (policy: string | undefined) => /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(scriptSrc(policy))?.[1];

test("pages allow scripts only by a nonce made for each request; other answers allow none", async ({
  baseURL,
}) => {
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInRequest(admin, "admin");
  const anonymous = await playwrightRequest.newContext({ baseURL });
  for (const [who, url] of [
    [admin, "/"],
    [admin, "/approvals"],
    [admin, "/team"],
    [admin, "/no-such-page"],
    [anonymous, "/login"],
  ] as const) {
    const nonces: string[] = [];
    for (let visit = 0; visit < 2; visit++) {
      const response = await who.get(url);
      const policy = response.headers()["content-security-policy"];
      const scripts = scriptSrc(policy);
      expect(scripts, url).not.toContain("'unsafe-inline'");
      expect(scripts, url).not.toContain("'unsafe-eval'");
      expect(scripts, url).toContain("'strict-dynamic'");
      const nonce = nonceOf(policy);
      expect(nonce, `${url}: ${policy}`).toBeTruthy();
      // Next.js gives the nonce to the scripts it writes; one without it would not run.
      const html = await response.text();
      const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(tags.length, url).toBeGreaterThan(0);
      for (const tag of tags) expect(tag, url).toContain(`nonce="${nonce}"`);
      nonces.push(nonce ?? "");
    }
    expect(nonces[0], `${url} twice`).not.toBe(nonces[1]);
  }
  // What is not a page runs no script; a client cannot choose its own nonce.
  const forged = await anonymous.get("/login", {
    headers: { "x-nonce": "forged", "content-security-policy": "script-src 'nonce-forged'" },
  });
  expect(nonceOf(forged.headers()["content-security-policy"])).not.toBe("forged");
  for (const url of ["/api/payments/config", "/api/approvals", "/api/health", "/"]) {
    const response = await anonymous.get(url, { maxRedirects: 0 });
    expect(scriptSrc(response.headers()["content-security-policy"]), url).toBe("script-src 'none'");
  }
});

test("the overview and the sign-in page run under the policy without a violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
      violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto("/login");
  // The theme's inline script ran (it sets the class) and React took over the page (the route announcer).
  await expect(page.locator("html")).toHaveClass(/\b(light|dark)\b/);
  await expect(page.locator("next-route-announcer")).toHaveCount(1);
  await signInPage(page, "viewer");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/\b(light|dark)\b/);
  await expect(page.locator("next-route-announcer")).toHaveCount(1);
  await page.reload();
  await expect(page.locator("next-route-announcer")).toHaveCount(1);
  expect(violations).toEqual([]);
});
