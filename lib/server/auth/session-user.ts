import "server-only";
import { getToken, type JWT } from "next-auth/jwt";
import { isRole, type Role } from "../../universal/auth/permissions";
import { getConsoleDatabase } from "../db";
import { type ConsoleEnv, env } from "../env";
import type { HeaderReader } from "../http/header-reader";
import { userCache } from "./user-cache";
import { findUserById, type UserRow } from "./users";

export interface ConsoleUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

/**
 * The session cookie's name depends on the console's scheme, as Auth.js decides it (AUTH_URL, else the request's
 * forwarded protocol): `__Secure-authjs.session-token` over https, `authjs.session-token` otherwise.
 */
function secureSessionCookie(e: ConsoleEnv, requestHeaders: HeaderReader): boolean {
  const configured = e.AUTH_URL ?? e.NEXTAUTH_URL;
  if (configured) return configuredIsHttps(configured);
  return (requestHeaders.get("x-forwarded-proto") ?? "https").replace(/:$/, "") === "https";
}

let configuredScheme: { url: string; https: boolean } | undefined;
function configuredIsHttps(url: string): boolean {
  if (configuredScheme?.url !== url) configuredScheme = { url, https: new URL(url).protocol === "https:" };
  return configuredScheme.https;
}

// A browser sends the same Cookie header with every API call until a page load renews the session (proxy.ts), so
// the payload of a header whose session cookie decrypted and verified is kept until the token's own expiry instead
// of being parsed and decrypted again: one map per cookie name (scheme), keyed by the header as sent. Only the
// payload is kept: the user it names is checked on every request.
const VERIFIED_HEADERS_KEPT = 1_000;
const CLOCK_TOLERANCE_SECONDS = 15;
const verifiedHeaders = { secure: new Map<string, JWT>(), plain: new Map<string, JWT>() };

function keptToken(kept: Map<string, JWT>, cookieHeader: string): JWT | undefined {
  const token = kept.get(cookieHeader);
  if (token && typeof token.exp === "number" && (token.exp + CLOCK_TOLERANCE_SECONDS) * 1000 > Date.now()) {
    return token;
  }
  if (token) kept.delete(cookieHeader);
  return undefined;
}

async function sessionToken(
  cookieHeader: string,
  secret: string,
  secureCookie: boolean,
): Promise<JWT | null> {
  const kept = secureCookie ? verifiedHeaders.secure : verifiedHeaders.plain;
  const token = keptToken(kept, cookieHeader);
  if (token) return token;
  // Only the cookie: Auth.js's session never came from an Authorization header here.
  const payload = await getToken({ req: { headers: { cookie: cookieHeader } }, secret, secureCookie });
  if (payload && typeof payload.exp === "number") {
    if (kept.size >= VERIFIED_HEADERS_KEPT) {
      const oldest = kept.keys().next();
      if (!oldest.done) kept.delete(oldest.value);
    }
    kept.set(cookieHeader, payload);
  }
  return payload;
}

/** Whom a session's payload names and in which session version, when it is a whole session within its hours. */
function sessionClaims(e: ConsoleEnv, token: JWT | null | undefined): { uid: string; sv: number } | null {
  const uid = typeof token?.uid === "string" ? token.uid : undefined;
  const sv = typeof token?.sv === "number" ? token.sv : undefined;
  const started = typeof token?.started === "number" ? token.started : undefined;
  if (!uid || sv === undefined || started === undefined) return null;
  if (Date.now() - started > e.SESSION_MAX_HOURS * 3_600_000) return null;
  return { uid, sv };
}

/**
 * What a request's session cookie claims, whether or not the user's row still accepts it: who, in which session
 * version, since when, in which role at sign-in (only to say why a session ended; never to decide anything), and
 * whether it outlived SESSION_MAX_HOURS. Null without a cookie that decrypts and verifies.
 */
export async function claimedSession(requestHeaders: HeaderReader): Promise<{
  uid: string;
  sv: number;
  started: number;
  role: Role | undefined;
  pastMaxHours: boolean;
} | null> {
  const e = env();
  const token = await sessionToken(
    requestHeaders.get("cookie") ?? "",
    e.AUTH_SECRET,
    secureSessionCookie(e, requestHeaders),
  );
  const uid = typeof token?.uid === "string" ? token.uid : undefined;
  const sv = typeof token?.sv === "number" ? token.sv : undefined;
  const started = typeof token?.started === "number" ? token.started : undefined;
  if (!uid || sv === undefined || started === undefined) return null;
  return {
    uid,
    sv,
    started,
    role: isRole(token?.role) ? token.role : undefined,
    pastMaxHours: Date.now() - started > e.SESSION_MAX_HOURS * 3_600_000,
  };
}

/** The person as their current row has them; null when the row refuses the session (gone, disabled, signed out). */
function personOf(row: UserRow | undefined, sv: number): ConsoleUser | null {
  if (!row || row.disabledAt || row.sessionVersion !== sv) return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

/**
 * The signed-in person of a request, from its session cookie, checked against the user's current row: a disabled
 * user, a changed role or a sign-out elsewhere (a bumped session version) takes effect at once, whatever the
 * cookie says. The row comes from lib/server/auth/user-cache.ts, which drops a user as any change to them commits.
 *
 * The cookie is only decoded here (Auth.js's `getToken`), not put through Auth.js's whole session endpoint, which
 * would also re-encrypt a renewed cookie that a route handler cannot send: that doubled the cost of every console
 * API call (docs/BENCHMARKS.md, proxy overhead). Renewal stays in proxy.ts.
 */
export async function userFromRequestHeaders(requestHeaders: HeaderReader): Promise<ConsoleUser | null> {
  const e = env();
  const token = await sessionToken(
    requestHeaders.get("cookie") ?? "",
    e.AUTH_SECRET,
    secureSessionCookie(e, requestHeaders),
  );
  const claims = sessionClaims(e, token);
  if (!claims) return null;
  const { uid, sv } = claims;
  return personOf(
    await userCache().find(uid, e.DATABASE_URL, () => findUserById(getConsoleDatabase(), uid)),
    sv,
  );
}

/**
 * The same person without waiting, when this process already keeps all it takes (the cookie's verified payload and
 * the user's row, still valid): most API calls of a signed-in person. Undefined whenever anything would have to be
 * decrypted or loaded, or the session does not hold: userFromRequestHeaders decides those. Throws as env() does.
 */
export function keptUserFromRequestHeaders(requestHeaders: HeaderReader): ConsoleUser | undefined {
  const e = env();
  const kept = secureSessionCookie(e, requestHeaders) ? verifiedHeaders.secure : verifiedHeaders.plain;
  const claims = sessionClaims(e, keptToken(kept, requestHeaders.get("cookie") ?? ""));
  const row = claims ? userCache().kept(claims.uid) : undefined;
  return (claims && personOf(row, claims.sv)) || undefined;
}

/**
 * Whether the request carries a session cookie that decrypts but no longer holds (signed out, disabled, past its
 * hours, or a changed session version): false without a cookie, or when the person it names is still signed in.
 */
export async function sessionNoLongerHolds(requestHeaders: HeaderReader): Promise<boolean> {
  const e = env();
  const token = await sessionToken(
    requestHeaders.get("cookie") ?? "",
    e.AUTH_SECRET,
    secureSessionCookie(e, requestHeaders),
  );
  if (!token) return false;
  return (await userFromRequestHeaders(requestHeaders)) === null;
}
