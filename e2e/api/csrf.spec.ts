import { expect, request as playwrightRequest, test } from "@playwright/test";
import { PROXY_ROUTES } from "../../lib/universal/relay/route-table";
import { signInRequest } from "../support/session";

/** Console mutations outside the proxy (each also listed in the RBAC matrix). */
const CONSOLE_MUTATIONS = [
  { method: "POST", path: "/api/team" },
  { method: "PATCH", path: "/api/team/00000000-0000-4000-8000-000000000000" },
  { method: "POST", path: "/api/team/00000000-0000-4000-8000-000000000000/password" },
  { method: "POST", path: "/api/account/password" },
];

const FOREIGN: [string, Record<string, string>][] = [
  ["a foreign Origin", { origin: "https://evil.example" }],
  ["Origin: null", { origin: "null" }],
  ["no Origin", {}],
  ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
];

const examplePath = (routePath: string) =>
  routePath
    .split("/")
    .map((part) => (part.startsWith(":") ? encodeURIComponent(`${part.slice(1)}:x`) : part))
    .join("/");

test("every mutation from another site, or of unknown origin, is refused with 403 as the admin", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  // An admin session without any default Origin: each attempt sends exactly its own headers.
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInRequest(admin, "admin");
  const mutations = [
    ...PROXY_ROUTES.filter((route) => route.method !== "GET").map((route) => ({
      method: route.method,
      path: `/api/payments${examplePath(route.path)}`,
    })),
    ...CONSOLE_MUTATIONS,
  ];
  const accepted: string[] = [];
  for (const mutation of mutations) {
    for (const [label, headers] of FOREIGN) {
      const response = await admin.fetch(mutation.path, { method: mutation.method, data: {}, headers });
      if (response.status() !== 403)
        accepted.push(`${mutation.method} ${mutation.path} with ${label}: ${response.status()}`);
    }
  }
  expect(accepted).toEqual([]);
});

test("a spoofed X-Forwarded-Host does not make a foreign origin look like the console's", async ({
  baseURL,
}) => {
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInRequest(admin, "admin");
  const response = await admin.fetch("/api/payments/config", {
    method: "PATCH",
    data: { umaDomain: "evil.example" },
    headers: {
      origin: "https://evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
    },
  });
  expect(response.status()).toBe(403);
});

test("a read the console's pages did not make (a link or address bar on another site) is refused, the KYC link included", async ({
  baseURL,
}) => {
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInRequest(admin, "admin");
  const customers = (await (await admin.get("/api/payments/customers?limit=1")).json()) as {
    data: { platformCustomerId: string }[];
  };
  const platformCustomerId = customers.data[0]?.platformCustomerId ?? "";
  const kyc = `/api/payments/customers/kyc-link?${new URLSearchParams({ platformCustomerId, redirectUri: "https://example.com/done" })}`;
  const kycRefusals: string[] = [];
  for (const fetchSite of ["cross-site", "same-site", "none"]) {
    for (const path of [kyc, "/api/payments/config", "/api/audit", "/api/audit/export", "/api/team"]) {
      const response = await admin.get(path, {
        headers: { "sec-fetch-site": fetchSite, "sec-fetch-mode": "navigate" },
      });
      expect(response.status(), `${path} with Sec-Fetch-Site: ${fetchSite}`).toBe(403);
      if (path === kyc) kycRefusals.push(response.headers()["x-request-id"] ?? "");
    }
  }
  // Nothing was handed out, and each refusal of the KYC link (which hands something out) is on record.
  for (const requestId of kycRefusals) {
    const rows = (await (await admin.get(`/api/audit?request=${requestId}`)).json()) as {
      data: { action: string; outcome: string }[];
    };
    expect(rows.data.map((row) => `${row.action} ${row.outcome}`)).toEqual(["customer.kyc_link refused"]);
  }
  // The console's own pages send same-origin.
  expect(
    (await admin.get("/api/payments/config", { headers: { "sec-fetch-site": "same-origin" } })).status(),
  ).toBe(200);
});

test("console JSON routes take only JSON bodies: a form or text/plain post, which another site can send, is 415", async ({
  baseURL,
}) => {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  const email = `plain-${Date.now()}@demo.local`;
  const body = JSON.stringify({ email, name: "Plain Text", role: "admin" });
  for (const contentType of [
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
  ]) {
    const response = await admin.post("/api/team", { headers: { "content-type": contentType }, data: body });
    expect(response.status(), contentType).toBe(415);
    const proxied = await admin.post("/api/payments/customers", {
      headers: { "content-type": contentType },
      data: JSON.stringify({ platformCustomerId: `plain-${Date.now()}`, customerType: "INDIVIDUAL" }),
    });
    expect(proxied.status(), `proxy ${contentType}`).toBe(415);
  }
  const team = (await (await admin.get("/api/team")).json()) as { data: { email: string }[] };
  expect(team.data.map((user) => user.email)).not.toContain(email);
});

test("anonymous callers get 401 before learning which proxy routes exist", async ({ baseURL }) => {
  const anonymous = await playwrightRequest.newContext({ baseURL });
  for (const [method, path] of [
    ["GET", "/api/payments/not-an-endpoint"],
    ["GET", "/api/payments/_local/nothing"],
    ["DELETE", "/api/payments/config"],
    ["TRACE", "/api/payments/config"],
    ["GET", "/api/payments/%E0%A4%A"],
  ] as const) {
    const response = await anonymous.fetch(path, { method });
    expect(response.status(), `${method} ${path}`).toBe(401);
    expect(response.headers().allow).toBeUndefined();
  }
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInRequest(admin, "admin");
  expect((await admin.get("/api/payments/not-an-endpoint")).status()).toBe(404);
  expect((await admin.fetch("/api/payments/config", { method: "DELETE" })).status()).toBe(405);
});
