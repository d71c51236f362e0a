import fc from "fast-check";
import type pg from "pg";
import {
  configurePlatform,
  createCustomer,
  createExternalAccount,
  eventually,
  fund,
  getJson,
  postJson,
} from "../../test-support/payment-fixtures";
import type { TestService } from "../../test-support/service";
import { changedTables, type DatabaseDigest, databaseDigest } from "./db-digest";
import { clientErrorProblem, errorBodyProblem, isHostedPage } from "./error-shape";
import {
  buildRequest,
  describePlan,
  type FuzzWorld,
  mayIgnoreInput,
  type RequestPlan,
  requestPlans,
} from "./malformed";
import { type RawResponse, sendBytes, sendHttp } from "./raw-http";
import { routesOf, type ServiceRoute } from "./routes";

export interface FuzzTarget {
  origin: string;
  pool: pg.Pool;
  world: FuzzWorld;
  /** The database before any malformed request; nothing may ever change it. */
  baseline: DatabaseDigest;
  /** A production credential, which sandbox endpoints must refuse however their path is spelled. */
  productionAuthorization: string;
  /** Routes that answer without a credential (health, the public key, hosted pages), as "METHOD url". */
  openRoutes: Set<string>;
}

/**
 * How the attacked service is configured. Reset stays refused, as in production: a fuzzer must not be able to
 * empty the database. Nothing may fall due on its own during a long run (the set-up's quote expiring, its
 * pending payment timing out), or the database would change under the fuzzer for reasons of its own.
 */
export const FUZZ_SERVICE_CONFIG = {
  enableReset: false,
  quoteTtlSeconds: 86_400,
  approvalTimeoutSeconds: 7 * 86_400,
} as const;

export interface FuzzCount {
  requests: number;
}

/** Waits until the job queue has nothing due (deliveries of the set-up's webhooks are done). */
async function waitForIdleQueue(pool: pg.Pool, timeoutMs = 30_000): Promise<void> {
  await eventually(async () => {
    const { rows } = await pool.query<{ busy: string }>(
      "select count(*)::text as busy from graphile_worker.jobs where run_at <= now() or locked_at is not null",
    );
    return rows[0]?.busy === "0" ? true : undefined;
  }, timeoutMs);
}

/**
 * A service with something to attack: customers with balances, a bank account, a pending quote, a payment
 * awaiting approval, an invitation and a KYC link. Their ids are the "real" path parameters.
 */
export async function prepareFuzzTarget(service: TestService): Promise<FuzzTarget> {
  await configurePlatform(service, { currencies: [{ currencyCode: "USD" }, { currencyCode: "EUR" }] });
  const alice = await createCustomer(service);
  const bob = await createCustomer(service);
  await fund(service, alice.accounts.USD, 500_000);
  await createExternalAccount(service, { customerId: alice.id });
  const quote = await postJson(service, "/quotes", {
    source: { accountId: alice.accounts.USD },
    destination: { accountId: bob.accounts.EUR, currency: "EUR" },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 10_000,
  });
  const incoming = await postJson(service, "/sandbox/uma/receive", {
    senderUmaAddress: "$success.usd@sandbox.uma.money",
    receivingCurrencyCode: "USD",
    receivingCurrencyAmount: 2_500,
    customerId: bob.id,
  });
  const invitation = await postJson(service, "/invitations", { inviterUma: alice.umaAddress });
  const kyc = await getJson(service, `/customers/kyc-link?platformCustomerId=fuzz-${Date.now()}`);
  for (const [what, result] of Object.entries({ quote, incoming, invitation, kyc })) {
    if (result.status >= 300) throw new Error(`set-up ${what} failed: ${JSON.stringify(result.body)}`);
  }
  const token = String(kyc.body.kycUrl).split("/").pop() ?? "";
  await waitForIdleQueue(service.context.db.pool);
  const pool = service.context.db.pool;
  const openRoutes = new Set<string>();
  for (const route of routesOf(service.app).filter((r) => r.method === "GET")) {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, "missing");
    const response = await sendHttp(service.origin, { method: "GET", path });
    if (response.status !== 401) {
      openRoutes.add(`GET ${route.url}`).add(`HEAD ${route.url}`);
    }
  }
  return {
    openRoutes,
    origin: service.origin,
    pool,
    world: {
      authorization: service.authorization,
      realIds: {
        customerId: [alice.id, bob.id, alice.platformCustomerId],
        accountId: [alice.accounts.USD, bob.accounts.EUR],
        quoteId: [quote.body.quoteId],
        transactionId: [incoming.body.id],
        code: [invitation.body.code],
        receiverUmaAddress: [bob.umaAddress],
        token: [token],
      },
    },
    baseline: await databaseDigest(pool),
    productionAuthorization: `Basic ${Buffer.from("prod_token:prod_secret_0123456789").toString("base64")}`,
  };
}

/**
 * Runs a property and, on failure, throws only what the property said (the request, cut short) with the seed to
 * replay it: fast-check's own report would print every generated value, megabytes of padding included. A change
 * to the database cannot be undone between runs, so shrinking would only blame innocent requests: the first
 * failing request is reported as it was.
 */
async function checkProperty<T>(
  property: fc.IAsyncProperty<T>,
  options: { numRuns: number; seed?: number },
): Promise<void> {
  const details = await fc.check(property, {
    numRuns: options.numRuns,
    endOnFailure: true,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  });
  if (!details.failed) return;
  const cause =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(`${cause}\n    (replay with seed ${details.seed}, path "${details.counterexamplePath}")`);
}

async function assertUnchanged(target: FuzzTarget, what: string): Promise<void> {
  const now = await databaseDigest(target.pool);
  const changed = changedTables(target.baseline, now);
  if (changed.length === 0) return;
  // The next route is judged on its own, not blamed for this change.
  target.baseline = now;
  throw new Error(`the database changed (${changed.join(", ")}) after ${what}`);
}

/** For a request a route may legitimately ignore (a GET's junk query): no 5xx, and errors in the API's shape. */
function lenientProblem(response: RawResponse, request: { method: string; path: string }) {
  if (response.status === 0) return `no answer (${response.error ?? "unknown"})`;
  if (response.status >= 500) return `HTTP ${response.status}: ${response.body.slice(0, 300)}`;
  if (response.status < 400 || request.method === "HEAD") return undefined;
  if (isHostedPage(request.path) && (response.headers["content-type"] ?? "").startsWith("text/html")) {
    return undefined;
  }
  return errorBodyProblem(response);
}

/**
 * Text PostgreSQL cannot store, sent with the valid credential to a route the path names, is refused by the input
 * guard with 400 INVALID_INPUT before any handler (never a 500 from the insert, nor a handler's own answer).
 */
function unstorableProblem(plan: RequestPlan, response: RawResponse, request: { path: string }) {
  if (!plan.body?.unstorable || plan.authorization !== null || isHostedPage(request.path)) return undefined;
  // Only a request that reaches the route's input as it is: no path parameter or query refused first.
  if (plan.query !== "" || plan.params.some((param) => param.kind === "bad")) return undefined;
  const code = (JSON.parse(response.body) as { code?: unknown }).code;
  // A route refused as a whole (reset, when disabled) or one that takes no JSON (the CSV upload) never reads it.
  const refusedWhole = (response.status === 403 && code === "FORBIDDEN") || response.status === 415;
  if ((response.status === 400 && code === "INVALID_INPUT") || refusedWhole) return undefined;
  return `unstorable text answered ${response.status} ${String(code)} instead of 400 INVALID_INPUT`;
}

/**
 * Sends `numRuns` malformed requests to one route. Every answer must be a 4xx in the API's shape (a GET may
 * ignore a junk query), and the database must be exactly as before after each one.
 */
export async function fuzzRoute(
  target: FuzzTarget,
  route: ServiceRoute,
  options: { numRuns: number; seed?: number },
  count: FuzzCount,
): Promise<void> {
  await checkProperty(
    fc.asyncProperty(requestPlans(route, target.world), async (plan) => {
      const request = buildRequest(route, plan, target.world);
      const response = await sendHttp(target.origin, request);
      count.requests++;
      const problem =
        (mayIgnoreInput(route, plan, target.openRoutes.has(`${route.method} ${route.url}`))
          ? lenientProblem(response, request)
          : clientErrorProblem(response, request)) ?? unstorableProblem(plan, response, request);
      if (problem) {
        // Re-baseline whatever the request changed, so the next route is judged on its own.
        target.baseline = await databaseDigest(target.pool);
        throw new Error(`${problem}\n    request: ${describePlan(request, plan)}`);
      }
      await assertUnchanged(target, describePlan(request, plan));
    }),
    options,
  );
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"];

/** Whether a route's pattern matches a concrete path (a parameter matches any one segment). */
function patternMatches(pattern: string, path: string): boolean {
  const a = pattern.split("/");
  const b = path.split("/");
  return a.length === b.length && a.every((segment, i) => segment.startsWith(":") || segment === b[i]);
}

/**
 * Every method a path does not have is refused in the API's shape and changes nothing: 404, unless a parametric
 * route of that method matches the same path (PATCH /customers/internal-accounts is PATCH /customers/{id}).
 */
export async function fuzzMethods(target: FuzzTarget, routes: ServiceRoute[], count: FuzzCount) {
  const byUrl = new Map<string, Set<string>>();
  for (const route of routes) byUrl.set(route.url, (byUrl.get(route.url) ?? new Set()).add(route.method));
  const problems: string[] = [];
  for (const [url, methods] of byUrl) {
    const path = url.replace(/:([A-Za-z0-9_]+)/g, "x");
    for (const method of METHODS.filter((m) => !methods.has(m))) {
      const request = {
        method,
        path,
        headers: { authorization: target.world.authorization, "content-type": "application/json" },
        body: "{}",
      };
      const response = await sendHttp(target.origin, request);
      count.requests++;
      const otherRoute = routes.some((route) => route.method === method && patternMatches(route.url, path));
      // A path the API has, asked with a method it lacks, is 405 (an unknown path 404).
      const problem =
        response.status === 405 || otherRoute
          ? clientErrorProblem(response, request)
          : `HTTP ${response.status}`;
      if (problem) problems.push(`${method} ${path}: ${problem}`);
    }
  }
  await assertUnchanged(target, "requests with methods the paths do not have");
  return problems;
}

interface WireTemplate {
  make(path: string, auth: string): Buffer;
  /** False for requests a lenient HTTP parser may read as valid: then only "no 5xx, an answer" holds. */
  strict: boolean;
}

const head = (method: string, path: string, auth: string, extra = "", body = "") =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\nConnection: close\r\n${extra}\r\n${body}`;

const WIRE_TEMPLATES: WireTemplate[] = [
  { strict: true, make: (path, auth) => Buffer.from(head("GET", `${path}/a\u0000b`, auth)) },
  { strict: true, make: (path, auth) => Buffer.from(head("GET", `${path}/a b`, auth)) },
  { strict: true, make: (path, auth) => Buffer.from(head("GET", `${path}/\u0001`, auth)) },
  { strict: false, make: (path, auth) => Buffer.from(head("GET", `${path}/ü💩`, auth), "utf8") },
  {
    strict: false,
    make: (path, auth) =>
      Buffer.concat([
        Buffer.from(`GET ${path}/`),
        Buffer.from([0xff, 0xc0]),
        Buffer.from(head("", "", auth).slice(1)),
      ]),
  },
  { strict: true, make: (path, auth) => Buffer.from(head("GET", path, auth, "X-Note: a\u0000b\r\n")) },
  {
    strict: true,
    make: (path, auth) => Buffer.from(head("GET", path, auth, `X-Big: ${"a".repeat(20_000)}\r\n`)),
  },
  { strict: true, make: (path, auth) => Buffer.from(head("GET", `${path}?${"q".repeat(20_000)}`, auth)) },
  {
    strict: true,
    make: (path, auth) =>
      Buffer.from(
        head("POST", path, auth, "Content-Type: application/json\r\nContent-Length: abc\r\n", "{}"),
      ),
  },
  {
    strict: true,
    make: (path, auth) =>
      Buffer.from(
        head(
          "POST",
          path,
          auth,
          "Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n",
          "0\r\n\r\n",
        ),
      ),
  },
  {
    strict: true,
    make: (path, auth) =>
      Buffer.from(
        head(
          "POST",
          path,
          auth,
          "Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n",
          "{}",
        ),
      ),
  },
  {
    strict: true,
    make: (path, auth) =>
      Buffer.from(
        head(
          "POST",
          path,
          auth,
          "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n",
          "zz\r\n{}\r\n",
        ),
      ),
  },
  {
    strict: true,
    make: (path, auth) =>
      Buffer.from(head("POST", path, auth, "Content-Type: application/json\r\nContent-Length: -5\r\n", "{}")),
  },
  {
    strict: true,
    make: (path) => Buffer.from(`GET ${path} HTTP/9.9\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
  },
  { strict: true, make: (path, auth) => Buffer.from(head("G@T", path, auth)) },
  { strict: true, make: (path, auth) => Buffer.from(head("GET", path, auth, "Bad Header Name: x\r\n")) },
  {
    strict: false,
    make: (path, auth) => Buffer.from(head("GET", path, auth, "X-Folded: a\r\n continued\r\n")),
  },
  {
    strict: false,
    make: (path, auth) =>
      Buffer.from(`GET ${path} HTTP/1.1\nHost: 127.0.0.1\nAuthorization: ${auth}\nConnection: close\n\n`),
  },
  {
    strict: true,
    make: (path, auth) =>
      Buffer.from(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\rAuthorization: ${auth}\r\nConnection: close\r\n\r\n`,
      ),
  },
  {
    strict: false,
    make: (path, auth) =>
      Buffer.from(head("POST", `http://evil.example${path}`, auth, "Content-Length: 0\r\n")),
  },
  { strict: true, make: (path) => Buffer.from(`\u0001\u0002${path}\r\n\r\n`) },
];

/** Requests broken at the HTTP level, which no client library would send: the server still answers in shape. */
export async function fuzzWire(
  target: FuzzTarget,
  routes: ServiceRoute[],
  options: { numRuns: number; seed?: number },
  count: FuzzCount,
): Promise<void> {
  await checkProperty(
    fc.asyncProperty(
      fc.constantFrom(...routes),
      fc.integer({ min: 0, max: WIRE_TEMPLATES.length - 1 }),
      async (route, which) => {
        const template = WIRE_TEMPLATES[which];
        if (!template) return;
        const path = route.url.replace(/:([A-Za-z0-9_]+)/g, "missing");
        const bytes = template.make(path, target.world.authorization);
        const response = await sendBytes(target.origin, bytes);
        count.requests++;
        const request = { method: "GET", path };
        const problem = template.strict
          ? clientErrorProblem(response, request)
          : lenientProblem(response, request);
        if (problem) {
          throw new Error(
            `${problem}\n    wire request: ${JSON.stringify(bytes.subarray(0, 200).toString("latin1"))}`,
          );
        }
      },
    ),
    options,
  );
  await assertUnchanged(target, "malformed HTTP requests");
}

/**
 * Spellings of a sandbox path that reach the same route (percent-encoded letters, the absolute form) must be
 * refused to a production credential just as the plain path is.
 */
export async function fuzzSandboxSpellings(
  target: FuzzTarget,
  routes: ServiceRoute[],
  options: { numRuns: number; seed?: number },
  count: FuzzCount,
) {
  const sandboxRoutes = routes.filter((route) => route.url.includes("/sandbox/") && route.method !== "HEAD");
  if (sandboxRoutes.length === 0) throw new Error("no sandbox routes found");
  await checkProperty(
    fc.asyncProperty(
      fc.constantFrom(...sandboxRoutes),
      fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
      fc.boolean(),
      async (route, encodeMask, absoluteForm) => {
        const realId = target.world.realIds.accountId?.[0] ?? "x";
        const path = route.url.replace(/:([A-Za-z0-9_]+)/g, encodeURIComponent(realId));
        // Percent-encode some letters of the fixed part: the router decodes them, so the route is the same.
        let at = 0;
        const spelled = path.replace(/[a-z]/g, (letter) =>
          encodeMask[at++ % encodeMask.length]
            ? `%${letter.charCodeAt(0).toString(16).toUpperCase()}`
            : letter,
        );
        // The absolute form (`POST http://host/path`) is routed by its path as well.
        const request = {
          method: route.method,
          path: absoluteForm ? `http://evil.example${spelled}` : spelled,
          headers: { authorization: target.productionAuthorization, "content-type": "application/json" },
          body: JSON.stringify({ amount: 1 }),
        };
        const response = await sendHttp(target.origin, request);
        count.requests++;
        if (response.status !== 403 && response.status !== 404) {
          throw new Error(
            `${route.method} ${spelled} with a production credential answered ${response.status}: ${response.body.slice(0, 200)}`,
          );
        }
        const problem = clientErrorProblem(response, request);
        if (problem) throw new Error(`${problem} for ${spelled}`);
      },
    ),
    options,
  );
  await assertUnchanged(target, "sandbox paths spelled with percent-encoding");
}
