import { expect, request as playwrightRequest, test } from "@playwright/test";
import { CONSOLE_API, type ConsoleApiKey } from "../../lib/universal/console-api/endpoints";
import { signInPage, signInRequest } from "../support/session";

// The proxy is served by the console's own server (server.ts), before Next.js: what Next.js used to decide about
// methods, paths and bodies is the proxy's to decide now.

test("a JSON body over 1 MB is refused with 413 and creates nothing", async ({ baseURL }) => {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  const platformCustomerId = `too-large-${Date.now()}`;
  const response = await admin.post("/api/payments/customers", {
    headers: { "content-type": "application/json" },
    data: JSON.stringify({
      customerType: "INDIVIDUAL",
      platformCustomerId,
      umaAddress: "$toolarge@uma.example",
      padding: "x".repeat(1_100_000),
    }),
  });
  expect(response.status()).toBe(413);
  expect(await response.json()).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
  const list = await admin.get(`/api/payments/customers?platformCustomerId=${platformCustomerId}`);
  expect(list.status()).toBe(200);
  expect((await list.json()).data).toEqual([]);
});

test("a method a route does not have is 405 with Allow; other methods on unknown paths are 404", async ({
  baseURL,
}) => {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  const put = await admin.put("/api/payments/config", { data: {} });
  expect(put.status()).toBe(405);
  expect(put.headers().allow).toBe("GET, PATCH");
  expect(await put.json()).toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED" });
  expect((await admin.delete("/api/payments/config")).status()).toBe(405);
  expect((await admin.put("/api/payments/no-such-thing", { data: {} })).status()).toBe(404);
});

test("paths that are not valid or try to leave the proxy's routes never reach the payment API", async ({
  baseURL,
}) => {
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInRequest(admin, "admin");
  const malformed = await admin.get("/api/payments/customers/%E0%A4%A");
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toMatchObject({ status: 400, code: "INVALID_INPUT" });
  for (const path of [
    "/api/payments//config",
    "/api/payments/config/",
    "/api/payments/customers/.%2e%2Fsandbox%2Fsend",
    "/api/payments/customers/%2F_local%2Fclock",
  ]) {
    const response = await admin.get(path);
    expect(response.status(), path).toBe(404);
  }
  // Dot segments, encoded or not, are resolved before the route table is consulted, as the URL standard says:
  // what is left is an allowlisted route like any other.
  const resolved = await admin.get("/api/payments/customers/%2E%2E/config");
  expect(resolved.status()).toBe(200);
  expect(await resolved.json()).toHaveProperty("umaDomain");
});

test("without a session the proxy answers 401 in the API's error shape, with the security headers", async ({
  baseURL,
}) => {
  const anonymous = await playwrightRequest.newContext({ baseURL });
  const response = await anonymous.get("/api/payments/config");
  expect(response.status()).toBe(401);
  expect(await response.json()).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  expect(response.headers()["x-frame-options"]).toBe("DENY");
  expect(response.headers()["cache-control"]).toContain("no-store");
});

test("a path segment that is not valid percent-encoding is a 400 on a route handler and a page's own not-found, never Next.js's 500", async ({
  baseURL,
  page,
}) => {
  const anonymous = await playwrightRequest.newContext({ baseURL });
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  // Half a UTF-8 character (%E0%A4%A), an overlong one (%C0%AF), and a % with no hex after it.
  const paths = ["/api/team/%E0%A4%A", "/api/transactions/%C0%AF/evidence", "/api/views/%ZZ"];
  for (const [caller, path] of [
    ...paths.map((path) => [anonymous, path] as const),
    ...paths.map((path) => [admin, path] as const),
  ]) {
    const response = await caller.get(path);
    expect({ path, status: response.status() }).toEqual({ path, status: 400 });
    expect(await response.json()).toEqual({
      status: 400,
      code: "INVALID_INPUT",
      message: "The request path is not valid.",
    });
  }
  const activate = await admin.post("/api/policies/%E0%A4%A/activate", { data: {} });
  expect(activate.status()).toBe(400);
  await anonymous.dispose();
  await admin.dispose();

  await signInPage(page, "admin");
  const opened = await page.goto("/transactions/%E0%A4%A");
  expect(opened?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe("/transactions/%25E0%25A4%25A");
  await expect(page.getByText("No transaction has this id")).toBeVisible();
  await expect(page.getByText("%E0%A4%A was not found.")).toBeVisible();
  expect((await page.goto("/customers/%ZZ/edit"))?.status()).toBe(200);
  await expect(page.getByText("This customer does not exist")).toBeVisible();
});

test("every console route handler with a path parameter answers half a UTF-8 character in it with 400, never 500", async ({
  baseURL,
}) => {
  const anonymous = await playwrightRequest.newContext({ baseURL });
  const keys = (Object.keys(CONSOLE_API) as ConsoleApiKey[]).filter((key) => key.includes("["));
  expect(keys.length).toBeGreaterThan(20);
  for (const key of keys) {
    const [method = "", path = ""] = key.split(" ");
    const url = path.replace(/\[[^\]]+\]/g, "%E0%A4%A");
    const response = await anonymous.fetch(url, { method });
    expect({ key, status: response.status() }).toEqual({ key, status: 400 });
    expect((await response.json()) as unknown, key).toMatchObject({ code: "INVALID_INPUT" });
  }
  await anonymous.dispose();
});
