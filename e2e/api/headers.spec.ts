import { expect, request as playwrightRequest, test } from "@playwright/test";
import { signInRequest } from "../support/session";

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
