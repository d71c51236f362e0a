import { expect, request as playwrightRequest, test } from "@playwright/test";
import { localSecrets, serviceApi } from "../support/environment";
import { createIndividualCustomer } from "../support/fixtures";
import { signInRequest } from "../support/session";
import { createMember, secondAdminContext } from "../support/team";

test("the proxy forwards with the platform's credential and never exposes it", async ({ baseURL }) => {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  const response = await admin.get("/api/payments/config");
  expect(response.status()).toBe(200);
  expect((await response.json()).umaDomain).toBeTruthy();
  const { apiClientSecret, apiTokenId } = localSecrets();
  const encoded = Buffer.from(`${apiTokenId}:${apiClientSecret}`).toString("base64");
  const raw = JSON.stringify(response.headers()) + (await response.text());
  expect(raw).not.toContain(apiClientSecret);
  expect(raw).not.toContain(encoded);
  expect(response.headers()["www-authenticate"]).toBeUndefined();
  expect(response.headers()["cache-control"]).toContain("no-store");
  // The API's Date, on the service's clock (which tests move forward), reaches the browser under a name of its own.
  const clock = (await (await serviceApi("/_local/clock")).json()) as { now: string };
  const platformDate = Date.parse(response.headers()["x-platform-date"] ?? "");
  expect(Math.abs(platformDate - Date.parse(clock.now))).toBeLessThan(3_000);
});

test("an answer reaches the browser byte for byte, whatever its characters", async ({ baseURL }) => {
  // Multi-byte UTF-8 in several scripts: the proxy relays the API's bytes without decoding them.
  const customer = await createIndividualCustomer("Zoë Ñúñez 渡辺 Ωμέγα");
  const path = `/customers/${encodeURIComponent(customer.id)}`;
  const viewer = await playwrightRequest.newContext({ baseURL });
  await signInRequest(viewer, "viewer");
  const proxied = await viewer.get(`/api/payments${path}`);
  expect(proxied.status()).toBe(200);
  const direct = await serviceApi(path);
  const directBytes = Buffer.from(await direct.arrayBuffer());
  const proxiedBytes = await proxied.body();
  expect(proxiedBytes.equals(directBytes)).toBe(true);
  expect(Number(proxied.headers()["content-length"])).toBe(directBytes.length);
  expect((await proxied.json()).fullName).toBe("Zoë Ñúñez 渡辺 Ωμέγα");
});

test("unknown paths are 404, validation failures are 400 with fields, upstream errors pass through", async ({
  baseURL,
}) => {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  expect((await admin.get("/api/payments/not-an-endpoint")).status()).toBe(404);
  expect((await admin.get("/api/payments/customers/..%2Fconfig")).status()).toBe(404);

  const invalid = await admin.post("/api/payments/customers", { data: { customerType: "ROBOT" } });
  expect(invalid.status()).toBe(400);
  const body = await invalid.json();
  expect(body).toMatchObject({ status: 400, code: "INVALID_INPUT" });
  expect(body.details.fields.length).toBeGreaterThan(0);

  const missing = await admin.get("/api/payments/customers/Customer%3Adoes-not-exist");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ code: "USER_NOT_FOUND" });

  const unknownQuery = await admin.get("/api/payments/customers?colour=blue");
  expect(unknownQuery.status()).toBe(400);
});

test("mutations from another origin, or without one, are refused and audited", async ({ baseURL }) => {
  const attempts: Record<string, string>[] = [
    { origin: "https://evil.example" },
    { origin: "null" },
    {},
    { "sec-fetch-site": "cross-site", origin: baseURL ?? "" },
  ];
  const refusals: string[] = [];
  for (const headers of attempts) {
    // No default Origin here: each attempt sends exactly the headers listed.
    const admin = await playwrightRequest.newContext({ baseURL });
    await signInRequest(admin, "admin");
    const response = await admin.fetch("/api/payments/config", {
      method: "PATCH",
      data: { umaDomain: "evil.example" },
      headers,
    });
    expect(response.status(), JSON.stringify(headers)).toBe(403);
    refusals.push(response.headers()["x-request-id"] ?? "");
  }
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  expect((await (await admin.get("/api/payments/config")).json()).umaDomain).not.toBe("evil.example");
  // Each of these refusals, by its own request id, is one refused entry (not some other test's).
  for (const requestId of refusals) {
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const audit = (await (await admin.get(`/api/audit?request=${requestId}`)).json()) as {
      data: { action: string; outcome: string }[];
    };
    expect(audit.data.map((row) => `${row.action} ${row.outcome}`)).toEqual(["config.update refused"]);
  }
});

test("a role change and a disable take effect on the very next request", async ({ baseURL }) => {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  const email = `temp-${Date.now()}@demo.local`;
  // A compliance account: proposed, and approved by the second admin (issue 46 item 2).
  const approver = await secondAdminContext(baseURL);
  const { user, initialPassword } = await createMember(admin, approver, {
    email,
    name: "Temp Person",
    role: "compliance",
  });
  await approver.dispose();

  const person = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  const csrf = (await (await person.get("/api/auth/csrf")).json()).csrfToken;
  await person.post("/api/auth/callback/credentials", {
    form: { csrfToken: csrf, email, password: initialPassword },
    maxRedirects: 0,
  });
  expect((await person.get("/api/audit")).status()).toBe(200);

  expect((await admin.patch(`/api/team/${user.id}`, { data: { role: "viewer" } })).status()).toBe(200);
  expect((await person.get("/api/audit")).status()).toBe(401);

  expect((await admin.patch(`/api/team/${user.id}`, { data: { disabled: true } })).status()).toBe(200);
  expect((await person.get("/api/approvals")).status()).toBe(401);
});
