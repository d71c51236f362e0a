import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import type { Permission, Role } from "../../lib/auth/permissions";
import { PROXY_ROUTES } from "../../lib/proxy/route-table";
import { DESIGN_TABLE } from "../support/design-roles";
import { signInRequest } from "../support/session";

const ROLES: Role[] = ["viewer", "compliance", "developer", "admin"];

/** Console route handlers other than the proxy, discovered from app/api so a new one cannot go unchecked. */
const CONSOLE_ROUTES: Record<
  string,
  Partial<
    Record<"GET" | "POST" | "PATCH" | "DELETE", { permission: Permission; path: string; body?: unknown }>
  >
> = {
  "app/api/approvals/route.ts": { GET: { permission: "read", path: "/api/approvals" } },
  "app/api/audit/route.ts": { GET: { permission: "audit.read", path: "/api/audit" } },
  "app/api/audit/export/route.ts": {
    GET: { permission: "audit.read", path: "/api/audit/export?outcome=refused" },
  },
  "app/api/transactions/export/route.ts": {
    GET: { permission: "read", path: "/api/transactions/export?status=PENDING" },
  },
  "app/api/transactions/[transactionId]/events/route.ts": {
    GET: { permission: "read", path: "/api/transactions/Transaction%3Adoes-not-exist/events" },
  },
  "app/api/overview/route.ts": { GET: { permission: "read", path: "/api/overview?timeZone=UTC" } },
  "app/api/inbox/rejections/route.ts": { GET: { permission: "read", path: "/api/inbox/rejections" } },
  "app/api/inbox/route.ts": { GET: { permission: "read", path: "/api/inbox" } },
  "app/api/webhooks/check/route.ts": {
    POST: { permission: "read", path: "/api/webhooks/check", body: { rawBody: "{}", header: "" } },
  },
  "app/api/webhooks/public-key/route.ts": { GET: { permission: "read", path: "/api/webhooks/public-key" } },
  "app/api/config/history/route.ts": { GET: { permission: "read", path: "/api/config/history" } },
  "app/api/team/route.ts": {
    GET: { permission: "read", path: "/api/team" },
    POST: { permission: "team.manage", path: "/api/team", body: { invalid: true } },
  },
  "app/api/team/[userId]/route.ts": {
    PATCH: {
      permission: "team.manage",
      path: "/api/team/00000000-0000-4000-8000-000000000000",
      body: { invalid: true },
    },
  },
  "app/api/team/[userId]/password/route.ts": {
    POST: {
      permission: "team.manage",
      path: "/api/team/00000000-0000-4000-8000-000000000000/password",
      body: { invalid: true },
    },
  },
  "app/api/account/password/route.ts": {
    POST: { permission: "read", path: "/api/account/password", body: { invalid: true } },
  },
};
/** Handlers that are public by design: Auth.js's own endpoints, readiness, signed webhooks, the proxy (below). */
const PUBLIC_OR_SEPARATE = new Set([
  "app/api/auth/[...nextauth]/route.ts",
  "app/api/health/route.ts",
  "app/api/webhooks/route.ts",
  "app/api/payments/[...path]/route.ts",
  "app/api/events/route.ts",
]);

function routeFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

function examplePath(routePath: string): string {
  return routePath
    .split("/")
    .map((part) => (part.startsWith(":") ? encodeURIComponent(`${part.slice(1)}:does-not-exist`) : part))
    .join("/");
}

async function contexts(baseURL: string): Promise<Record<Role | "anonymous", APIRequestContext>> {
  const make = () => playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const anonymous = await make();
  const signedIn = {} as Record<Role, APIRequestContext>;
  for (const role of ROLES) {
    signedIn[role] = await make();
    await signInRequest(signedIn[role], role);
  }
  return { anonymous, ...signedIn };
}

/** Refused by the console (not by the payment API behind it). */
async function refused(status: number, body: string): Promise<boolean> {
  if (status === 401) return true;
  if (status !== 403) return false;
  return (JSON.parse(body) as { code?: string }).code === "FORBIDDEN";
}

test("every console route handler is in the matrix", () => {
  const files = routeFiles("app/api").map((file) => file.split(path.sep).join("/"));
  for (const file of files) {
    const covered = file in CONSOLE_ROUTES || PUBLIC_OR_SEPARATE.has(file);
    expect(covered, `${file} has no row in the RBAC matrix`).toBe(true);
    if (file in CONSOLE_ROUTES) {
      const exported = [
        ...readFileSync(file, "utf8").matchAll(/export const (GET|POST|PATCH|DELETE)\b/g),
      ].map((m) => m[1]);
      expect(exported.sort(), file).toEqual(Object.keys(CONSOLE_ROUTES[file] ?? {}).sort());
    }
  }
});

test("the proxy allows exactly DESIGN.md's roles on every route, and no one without a session", async ({
  baseURL,
}) => {
  test.setTimeout(180_000);
  const clients = await contexts(baseURL ?? "");
  const mismatches: string[] = [];
  for (const route of PROXY_ROUTES) {
    const url = `/api/payments${examplePath(route.path)}`;
    for (const who of ["anonymous", ...ROLES] as const) {
      const expected = who !== "anonymous" && DESIGN_TABLE[route.permission].sandbox.includes(who);
      // An invalid body makes an allowed mutation stop at validation: the matrix changes nothing upstream.
      const response = await clients[who].fetch(url, {
        method: route.method,
        ...(route.method !== "GET" && route.body ? { data: { "not-a-field": true } } : {}),
      });
      const wasRefused = await refused(response.status(), await response.text());
      if (wasRefused === expected)
        mismatches.push(`${route.method} ${route.path} as ${who}: ${response.status()}`);
    }
  }
  expect(mismatches).toEqual([]);
});

test("console route handlers allow exactly DESIGN.md's roles", async ({ baseURL }) => {
  const clients = await contexts(baseURL ?? "");
  const mismatches: string[] = [];
  for (const methods of Object.values(CONSOLE_ROUTES)) {
    for (const [method, spec] of Object.entries(methods)) {
      if (!spec) continue;
      for (const who of ["anonymous", ...ROLES] as const) {
        const expected = who !== "anonymous" && DESIGN_TABLE[spec.permission].sandbox.includes(who);
        const response = await clients[who].fetch(spec.path, {
          method,
          ...(spec.body ? { data: spec.body } : {}),
        });
        const wasRefused = await refused(response.status(), await response.text());
        if (wasRefused === expected)
          mismatches.push(`${method} ${spec.path} as ${who}: ${response.status()}`);
      }
    }
  }
  expect(mismatches).toEqual([]);
});

test("the event stream needs a session", async ({ baseURL }) => {
  const anonymous = await playwrightRequest.newContext({ baseURL });
  expect((await anonymous.get("/api/events")).status()).toBe(401);
});
