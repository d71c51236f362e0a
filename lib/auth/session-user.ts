import "server-only";
import { getToken, type JWT } from "next-auth/jwt";
import { getConsoleDatabase } from "../db";
import { env } from "../env";
import type { HeaderReader } from "../http/header-reader";
import type { Role } from "./permissions";
import { userCache } from "./user-cache";
import { findUserById } from "./users";

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
function secureSessionCookie(requestHeaders: HeaderReader): boolean {
  const configured = process.env.AUTH_URL ?? process.env.NEXTAUTH_URL;
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
// of being parsed and decrypted again. Only the payload is kept: the user it names is checked on every request.
const VERIFIED_HEADERS_KEPT = 1_000;
const CLOCK_TOLERANCE_SECONDS = 15;
const verifiedHeaders = new Map<string, JWT>();

async function sessionToken(
  cookieHeader: string,
  secret: string,
  secureCookie: boolean,
): Promise<JWT | null> {
  const key = `${secureCookie ? "s" : "i"}\u0000${cookieHeader}`;
  const kept = verifiedHeaders.get(key);
  if (kept && typeof kept.exp === "number" && (kept.exp + CLOCK_TOLERANCE_SECONDS) * 1000 > Date.now()) {
    return kept;
  }
  verifiedHeaders.delete(key);
  // Only the cookie: Auth.js's session never came from an Authorization header here.
  const payload = await getToken({ req: { headers: { cookie: cookieHeader } }, secret, secureCookie });
  if (payload && typeof payload.exp === "number") {
    if (verifiedHeaders.size >= VERIFIED_HEADERS_KEPT) {
      const oldest = verifiedHeaders.keys().next();
      if (!oldest.done) verifiedHeaders.delete(oldest.value);
    }
    verifiedHeaders.set(key, payload);
  }
  return payload;
}

/**
 * The signed-in person of a request, from its session cookie, checked against the user's current row: a disabled
 * user, a changed role or a sign-out elsewhere (a bumped session version) takes effect at once, whatever the
 * cookie says. The row comes from lib/auth/user-cache.ts, which drops a user as any change to them commits.
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
    secureSessionCookie(requestHeaders),
  );
  const uid = typeof token?.uid === "string" ? token.uid : undefined;
  const sv = typeof token?.sv === "number" ? token.sv : undefined;
  const started = typeof token?.started === "number" ? token.started : undefined;
  if (!uid || sv === undefined || started === undefined) return null;
  if (Date.now() - started > e.SESSION_MAX_HOURS * 3_600_000) return null;
  const user = await userCache().find(uid, e.DATABASE_URL, () => findUserById(getConsoleDatabase(), uid));
  if (!user || user.disabledAt || user.sessionVersion !== sv) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}
