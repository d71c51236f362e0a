import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { Environment } from "../../universal/auth/permissions";
import { isEnvironment } from "../../universal/environments/names";

/**
 * The environment cookie's value is signed for the person who switched (issue 46 item 14b):
 * `<environment>.v1.<user id>.<HMAC-SHA256 of "v1.<environment>.<user id>">`, keyed by a key derived from
 * AUTH_SECRET for this use alone. Only the console's own switch (PUT /api/environment, audited as
 * `environment.switch`) issues one, so a cookie set by hand, or another person's, is ignored and the person stays
 * where the console last put them: no environment changes without its audit row.
 */
const VERSION = "v1";

const keys = new Map<string, Buffer>();
function cookieKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "", "payments-console environment cookie", 32));
    keys.set(secret, key);
  }
  return key;
}

function mac(secret: string, environment: Environment, userId: string): Buffer {
  return createHmac("sha256", cookieKey(secret)).update(`${VERSION}.${environment}.${userId}`).digest();
}

/** The cookie value the console's switch sets for `userId` in `environment`. */
export function signedEnvironmentValue(environment: Environment, userId: string, secret: string): string {
  return `${environment}.${VERSION}.${userId}.${mac(secret, environment, userId).toString("base64url")}`;
}

export type EnvironmentCookie =
  /** The console's own, issued to `userId`. */
  | { kind: "signed"; environment: Environment; userId: string }
  /** A value the console did not issue; `asks` is the environment it names, when it names one. */
  | { kind: "forged"; asks: Environment | null };

/** Reads a cookie value: an environment the console signed for someone, or a value it did not issue. */
export function readEnvironmentValue(value: string, secret: string): EnvironmentCookie {
  const [environment, version, userId, given, ...rest] = value.split(".");
  const asks = isEnvironment(environment) ? environment : null;
  if (!asks || version !== VERSION || !userId || !given || rest.length > 0) return { kind: "forged", asks };
  const expected = mac(secret, asks, userId);
  const presented = Buffer.from(given, "base64url");
  return presented.length === expected.length && timingSafeEqual(presented, expected)
    ? { kind: "signed", environment: asks, userId }
    : { kind: "forged", asks };
}
