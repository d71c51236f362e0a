import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { DESIGN_TABLE } from "../../lib/universal/auth/design-roles";
import type { Permission, Role } from "../../lib/universal/auth/permissions";
import { endpointUrl } from "../../lib/universal/console-api/endpoint-url";
import {
  CONSOLE_API,
  type ConsoleApiKey,
  type ConsoleEndpoint,
} from "../../lib/universal/console-api/endpoints";
import { PROXY_ROUTES } from "../../lib/universal/relay/route-table";
import { signInRequest } from "../support/session";

const ROLES: Role[] = ["viewer", "compliance", "developer", "admin"];

/** A path parameter no record has: an allowed call answers 404 (or 400 for its body), never a change. */
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

/**
 * What a call of a console endpoint needs beyond the table's defaults (lib/universal/console-api/endpoints.ts:
 * each path parameter NO_SUCH_ID, a mutation's body `{ invalid: true }`), keyed by the table's key. The permission
 * and the path come from the table; lib/universal/console-api/endpoints.test.ts holds the table to app/api.
 */
const PROBES: Partial<
  Record<
    ConsoleApiKey,
    { query?: string; params?: Record<string, string>; body?: unknown; separate?: string }
  >
> = {
  "GET /api/audit/export": { query: "?outcome=refused" },
  "GET /api/transactions/export": { query: "?status=PENDING" },
  "GET /api/transactions/[transactionId]/evidence": {
    params: { transactionId: "Transaction:does-not-exist" },
  },
  "POST /api/transactions/[transactionId]/evidence": {
    params: { transactionId: "Transaction:does-not-exist" },
  },
  "GET /api/transactions/[transactionId]/events": { params: { transactionId: "Transaction:does-not-exist" } },
  "GET /api/overview": { query: "?timeZone=UTC" },
  "GET /api/screening/results": { query: "?payment=Transaction:does-not-exist" },
  "GET /api/transactions/by-amount": { query: "?amountCurrency=USD" },
  "GET /api/quotes/by-amount": { query: "?amountCurrency=USD" },
  "GET /api/names": { query: "?ids=Customer%3Adoes-not-exist" },
  "GET /api/customers/search": { query: "?q=ada" },
  "GET /api/customers/matching": { query: "?q=ada" },
  "POST /api/webhooks/check": { body: { rawBody: "{}", header: "" } },
  "GET /api/views": { query: "?list=transactions" },
  "POST /api/tokens/[tokenId]/secret": { params: { tokenId: "Token:does-not-exist" } },
  "GET /api/events": { separate: "a stream that stays open: checked on its own below" },
};

/** Every guarded endpoint of the table as the matrix calls it: method, URL, body and the permission it needs. */
function consoleProbes(): {
  key: string;
  method: string;
  url: string;
  body?: unknown;
  permission: Permission;
  whoMay?: string | undefined;
}[] {
  return Object.entries(CONSOLE_API).flatMap(([key, entry]: [string, ConsoleEndpoint]) => {
    const probe = PROBES[key as ConsoleApiKey] ?? {};
    if (entry.public || probe.separate) return [];
    const names = [...entry.path.matchAll(/\[([^\]]+)\]/g)].map((match) => match[1] ?? "");
    const params = Object.fromEntries(names.map((name) => [name, probe.params?.[name] ?? NO_SUCH_ID]));
    const mutation = entry.method !== "GET";
    const body = "body" in probe ? probe.body : mutation ? { invalid: true } : undefined;
    return [
      {
        key,
        method: entry.method,
        url: endpointUrl(entry.path, params, probe.query ?? ""),
        ...(body !== undefined ? { body } : {}),
        permission: entry.permission,
        whoMay: entry.whoMay,
      },
    ];
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

test("console route handlers allow exactly DESIGN.md's roles, as the endpoint table says", async ({
  baseURL,
}) => {
  const clients = await contexts(baseURL ?? "");
  const mismatches: string[] = [];
  const probes = consoleProbes();
  expect(probes.length, "the table's guarded endpoints").toBeGreaterThan(50);
  for (const probe of probes) {
    for (const who of ["anonymous", ...ROLES] as const) {
      const expected = who !== "anonymous" && DESIGN_TABLE[probe.permission].sandbox.includes(who);
      const response = await clients[who].fetch(probe.url, {
        method: probe.method,
        ...(probe.body !== undefined ? { data: probe.body } : {}),
      });
      const text = await response.text();
      const problem = mismatch(response.status(), text, expected);
      if (problem) mismatches.push(`${probe.key} (${probe.url}) as ${who}: ${problem}`);
      // A refusal says who may do this very thing, not what else its permission covers.
      if (!problem && !expected && who !== "anonymous" && probe.whoMay) {
        const message = (JSON.parse(text) as { message?: string }).message;
        if (message !== probe.whoMay) mismatches.push(`${probe.key} as ${who}: refused with "${message}"`);
      }
    }
  }
  expect(mismatches).toEqual([]);
});

test("the event stream needs a session", async ({ baseURL }) => {
  const anonymous = await playwrightRequest.newContext({ baseURL });
  expect((await anonymous.get("/api/events")).status()).toBe(401);
});
