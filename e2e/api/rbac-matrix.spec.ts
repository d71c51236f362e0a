import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { DESIGN_TABLE } from "../../lib/universal/auth/design-roles";
import type { Permission, Role } from "../../lib/universal/auth/permissions";
import { PROXY_ROUTES } from "../../lib/universal/relay/route-table";
import { signInRequest } from "../support/session";

const ROLES: Role[] = ["viewer", "compliance", "developer", "admin"];

/** An id no record has: an allowed call answers 404 (or 400 for its body), never a change. */
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

/** Console route handlers other than the proxy, discovered from app/api so a new one cannot go unchecked. */
const CONSOLE_ROUTES: Record<
  string,
  Partial<
    Record<
      "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
      { permission: Permission; path: string; body?: unknown }
    >
  >
> = {
  "app/api/approvals/route.ts": { GET: { permission: "read", path: "/api/approvals" } },
  "app/api/approvals/summary/route.ts": { GET: { permission: "read", path: "/api/approvals/summary" } },
  "app/api/approvals/thresholds/route.ts": {
    GET: { permission: "read", path: "/api/approvals/thresholds" },
    PUT: { permission: "approvals.decide", path: "/api/approvals/thresholds", body: { invalid: true } },
  },
  "app/api/approvals/thresholds/proposals/route.ts": {
    GET: { permission: "read", path: "/api/approvals/thresholds/proposals" },
  },
  "app/api/approvals/thresholds/proposals/[id]/approve/route.ts": {
    POST: {
      permission: "approvals.decide",
      path: `/api/approvals/thresholds/proposals/${NO_SUCH_ID}/approve`,
    },
  },
  "app/api/approvals/thresholds/proposals/[id]/decline/route.ts": {
    POST: {
      permission: "approvals.decide",
      path: `/api/approvals/thresholds/proposals/${NO_SUCH_ID}/decline`,
    },
  },
  "app/api/approvals/thresholds/proposals/[id]/withdraw/route.ts": {
    POST: {
      permission: "approvals.decide",
      path: `/api/approvals/thresholds/proposals/${NO_SUCH_ID}/withdraw`,
    },
  },
  "app/api/approvals/emergency-hold/route.ts": {
    GET: { permission: "read", path: "/api/approvals/emergency-hold" },
    PUT: { permission: "approvals.decide", path: "/api/approvals/emergency-hold", body: { invalid: true } },
  },
  "app/api/policies/backtest/route.ts": {
    POST: { permission: "approvals.decide", path: "/api/policies/backtest", body: { invalid: true } },
  },
  "app/api/invitations/route.ts": { GET: { permission: "read", path: "/api/invitations" } },
  "app/api/audit/route.ts": { GET: { permission: "audit.read", path: "/api/audit" } },
  "app/api/audit/export/route.ts": {
    GET: { permission: "audit.read", path: "/api/audit/export?outcome=refused" },
  },
  "app/api/transactions/export/route.ts": {
    GET: { permission: "read", path: "/api/transactions/export?status=PENDING" },
  },
  "app/api/transactions/[transactionId]/evidence/route.ts": {
    GET: { permission: "audit.read", path: "/api/transactions/Transaction%3Adoes-not-exist/evidence" },
    POST: {
      permission: "audit.read",
      path: "/api/transactions/Transaction%3Adoes-not-exist/evidence",
      body: { invalid: true },
    },
  },
  "app/api/transactions/[transactionId]/events/route.ts": {
    GET: { permission: "read", path: "/api/transactions/Transaction%3Adoes-not-exist/events" },
  },
  "app/api/overview/route.ts": { GET: { permission: "read", path: "/api/overview?timeZone=UTC" } },
  "app/api/overview/balances/route.ts": { GET: { permission: "read", path: "/api/overview/balances" } },
  "app/api/transactions/by-amount/route.ts": {
    GET: { permission: "read", path: "/api/transactions/by-amount?amountCurrency=USD" },
  },
  "app/api/quotes/by-amount/route.ts": {
    GET: { permission: "read", path: "/api/quotes/by-amount?amountCurrency=USD" },
  },
  "app/api/names/route.ts": { GET: { permission: "read", path: "/api/names?ids=Customer%3Adoes-not-exist" } },
  "app/api/customers/search/route.ts": { GET: { permission: "read", path: "/api/customers/search?q=ada" } },
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
  "app/api/team/proposals/route.ts": { GET: { permission: "team.manage", path: "/api/team/proposals" } },
  "app/api/team/proposals/[id]/approve/route.ts": {
    POST: { permission: "team.manage", path: `/api/team/proposals/${NO_SUCH_ID}/approve` },
  },
  "app/api/team/proposals/[id]/decline/route.ts": {
    POST: { permission: "team.manage", path: `/api/team/proposals/${NO_SUCH_ID}/decline` },
  },
  "app/api/team/proposals/[id]/withdraw/route.ts": {
    POST: { permission: "team.manage", path: `/api/team/proposals/${NO_SUCH_ID}/withdraw` },
  },
  "app/api/account/password/route.ts": {
    POST: { permission: "read", path: "/api/account/password", body: { invalid: true } },
  },
  "app/api/policies/route.ts": {
    GET: { permission: "read", path: "/api/policies" },
    POST: { permission: "approvals.decide", path: "/api/policies", body: { invalid: true } },
  },
  "app/api/policies/[versionId]/route.ts": {
    GET: { permission: "read", path: `/api/policies/${NO_SUCH_ID}` },
    PUT: { permission: "approvals.decide", path: `/api/policies/${NO_SUCH_ID}`, body: { invalid: true } },
  },
  "app/api/policies/[versionId]/propose/route.ts": {
    POST: { permission: "approvals.decide", path: `/api/policies/${NO_SUCH_ID}/propose` },
  },
  "app/api/policies/[versionId]/activate/route.ts": {
    POST: { permission: "approvals.decide", path: `/api/policies/${NO_SUCH_ID}/activate` },
  },
  "app/api/policies/[versionId]/decline/route.ts": {
    POST: { permission: "approvals.decide", path: `/api/policies/${NO_SUCH_ID}/decline` },
  },
  "app/api/environment/route.ts": {
    GET: { permission: "read", path: "/api/environment" },
    PUT: { permission: "read", path: "/api/environment", body: { invalid: true } },
  },
  "app/api/views/route.ts": {
    GET: { permission: "read", path: "/api/views?list=transactions" },
    POST: { permission: "read", path: "/api/views", body: { invalid: true } },
  },
  "app/api/views/[viewId]/route.ts": {
    PATCH: { permission: "read", path: `/api/views/${NO_SUCH_ID}`, body: { invalid: true } },
    DELETE: { permission: "read", path: `/api/views/${NO_SUCH_ID}` },
  },
  "app/api/config/proposals/route.ts": { GET: { permission: "read", path: "/api/config/proposals" } },
  "app/api/config/proposals/[id]/approve/route.ts": {
    POST: { permission: "config.write", path: `/api/config/proposals/${NO_SUCH_ID}/approve` },
  },
  "app/api/config/proposals/[id]/decline/route.ts": {
    POST: { permission: "config.write", path: `/api/config/proposals/${NO_SUCH_ID}/decline` },
  },
  "app/api/config/proposals/[id]/withdraw/route.ts": {
    POST: { permission: "config.write", path: `/api/config/proposals/${NO_SUCH_ID}/withdraw` },
  },
  "app/api/config/four-eyes/route.ts": {
    GET: { permission: "read", path: "/api/config/four-eyes" },
    PUT: { permission: "config.write", path: "/api/config/four-eyes", body: { invalid: true } },
  },
  "app/api/tokens/route.ts": { GET: { permission: "config.write", path: "/api/tokens" } },
  "app/api/tokens/proposals/route.ts": {
    POST: { permission: "config.write", path: "/api/tokens/proposals", body: { invalid: true } },
  },
  "app/api/tokens/[tokenId]/secret/route.ts": {
    POST: { permission: "config.write", path: "/api/tokens/Token%3Adoes-not-exist/secret" },
  },
  "app/api/privacy/reveal/route.ts": {
    POST: { permission: "approvals.decide", path: "/api/privacy/reveal", body: { invalid: true } },
  },
  "app/api/privacy/visibility/route.ts": {
    GET: { permission: "read", path: "/api/privacy/visibility" },
    PUT: { permission: "team.manage", path: "/api/privacy/visibility", body: { invalid: true } },
  },
};
/**
 * Handlers outside the matrix, with the methods each exports: public by design (Auth.js's own endpoints,
 * readiness, signed webhooks) or checked on their own (the event stream, below).
 */
const PUBLIC_OR_SEPARATE: Record<string, string[]> = {
  "app/api/auth/[...nextauth]/route.ts": ["GET", "POST"],
  "app/api/health/route.ts": ["GET"],
  "app/api/health/live/route.ts": ["GET"],
  "app/api/health/ready/route.ts": ["GET"],
  "app/api/webhooks/route.ts": ["POST"],
  "app/api/events/route.ts": ["GET"],
};

/** The HTTP methods a route file exports, however it declares them. */
function exportedMethods(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const declared =
    /export\s+(?:const|let|(?:async\s+)?function)\s+(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/g;
  // `export { GET, handler as POST }` and `export const { GET, POST } = handlers` (Auth.js).
  const listed = /export\s+(?:(?:const|let)\s*)?\{([^}]*)\}/g;
  const methods = [...source.matchAll(declared)].map((m) => m[1] ?? "");
  for (const [, names = ""] of source.matchAll(listed)) {
    for (const name of names.split(",")) {
      const exported =
        name
          .trim()
          .split(/\s+as\s+|\s*:\s*/)
          .pop() ?? "";
      if (/^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/.test(exported)) methods.push(exported);
    }
  }
  return methods.sort();
}

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
function refused(status: number, body: string): boolean {
  if (status === 401) return true;
  if (status !== 403) return false;
  return (JSON.parse(body) as { code?: string }).code === "FORBIDDEN";
}

/**
 * Why an answer does not fit who asked, or null: refused when it should be, and allowed otherwise. An allowed call
 * answers what the route or the payment API answers (a 404 for the made-up id, a 400 for the invalid body), never
 * a 5xx: that is a failure, not a permission.
 */
function mismatch(status: number, body: string, expectedAllowed: boolean): string | null {
  const wasRefused = refused(status, body);
  if (expectedAllowed && wasRefused) return `refused with ${status}`;
  if (!expectedAllowed && !wasRefused) return `allowed with ${status}`;
  if (status >= 500) return `failed with ${status}: ${body.slice(0, 200)}`;
  return null;
}

test("every console route handler is in the matrix", () => {
  for (const file of Object.keys(PUBLIC_OR_SEPARATE)) {
    expect(existsSync(file), `${file} is exempted but does not exist`).toBe(true);
  }
  const files = routeFiles("app/api").map((file) => file.split(path.sep).join("/"));
  for (const file of files) {
    const declared = CONSOLE_ROUTES[file] ? Object.keys(CONSOLE_ROUTES[file]) : PUBLIC_OR_SEPARATE[file];
    expect(declared, `${file} has no row in the RBAC matrix`).toBeDefined();
    expect(exportedMethods(file), file).toEqual([...(declared ?? [])].sort());
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
      const problem = mismatch(response.status(), await response.text(), expected);
      if (problem) mismatches.push(`${route.method} ${route.path} as ${who}: ${problem}`);
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
        const problem = mismatch(response.status(), await response.text(), expected);
        if (problem) mismatches.push(`${method} ${spec.path} as ${who}: ${problem}`);
      }
    }
  }
  expect(mismatches).toEqual([]);
});

test("the event stream needs a session", async ({ baseURL }) => {
  const anonymous = await playwrightRequest.newContext({ baseURL });
  expect((await anonymous.get("/api/events")).status()).toBe(401);
});
