import "server-only";
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * OWASP's device cookie (Slow Down Online Guessing Attacks with Device Cookies): a browser that signed in to an
 * account gets a cookie naming it as that account's known device. Its failed sign-ins count against itself only,
 * so a stranger's guesses, which lock out unknown browsers, never lock the person out of their usual one.
 *
 * The value is `v1.<device id>.<issued, Unix seconds>.<HMAC-SHA256 of those and the account's email>`, keyed by a
 * key derived from AUTH_SECRET for this use alone: it cannot be forged, nor moved to another account.
 */
export const DEVICE_COOKIE = "console-device";
const DEVICE_COOKIE_DAYS = 90;

const VERSION = "v1";
const MAX_AGE_SECONDS = DEVICE_COOKIE_DAYS * 24 * 3600;
const CLOCK_SKEW_SECONDS = 300;

function deviceKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "", "payments-console sign-in device cookie", 32));
}

function signature(secret: string, deviceId: string, issuedAt: number, email: string): Buffer {
  return createHmac("sha256", deviceKey(secret))
    .update(`${VERSION}.${deviceId}.${issuedAt}.${email.toLowerCase()}`)
    .digest();
}

/** A new device cookie's value for a browser that has just signed in to `email`. */
export function issueDeviceCookie(secret: string, email: string, now = Date.now()): string {
  const deviceId = randomBytes(16).toString("base64url");
  const issuedAt = Math.floor(now / 1000);
  return `${VERSION}.${deviceId}.${issuedAt}.${signature(secret, deviceId, issuedAt, email).toString("base64url")}`;
}

export function deviceCookieOptions(secure: boolean) {
  return { httpOnly: true, secure, sameSite: "lax", path: "/", maxAge: MAX_AGE_SECONDS } as const;
}

function verifiedDeviceId(value: string, secret: string, email: string, now: number): string | null {
  const [version, deviceId, issued, mac, ...rest] = value.split(".");
  if (version !== VERSION || !deviceId || !issued || !mac || rest.length > 0) return null;
  if (!/^[\w-]{22}$/.test(deviceId) || !/^\d{1,12}$/.test(issued)) return null;
  const issuedAt = Number(issued);
  const age = Math.floor(now / 1000) - issuedAt;
  if (age > MAX_AGE_SECONDS || age < -CLOCK_SKEW_SECONDS) return null;
  const expected = signature(secret, deviceId, issuedAt, email);
  const given = Buffer.from(mac, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
}

/**
 * The id of the known device a request's Cookie header names for `email`, or null: no device cookie, or one
 * that is forged, expired, or issued for another account.
 */
export function knownDevice(cookieHeader: string | null, secret: string, email: string, now = Date.now()) {
  for (const pair of (cookieHeader ?? "").split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0 || pair.slice(0, separator).trim() !== DEVICE_COOKIE) continue;
    const deviceId = verifiedDeviceId(pair.slice(separator + 1).trim(), secret, email, now);
    if (deviceId) return deviceId;
  }
  return null;
}
