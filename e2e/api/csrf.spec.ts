import { expect, request as playwrightRequest, test } from "@playwright/test";
import { PROXY_ROUTES } from "../../lib/proxy/route-table";
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
