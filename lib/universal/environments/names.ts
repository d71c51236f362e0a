/**
 * The payment API's environments as the console names them, and the cookie that says which one a person works in.
 * Shared by the server and the browser: nothing secret here.
 */
import type { Environment } from "../auth/permissions";

export const ENVIRONMENTS = ["sandbox", "production"] as const satisfies readonly Environment[];

/** Which environment a person has switched to (not secret, not a session: a preference of this browser). */
export const ENVIRONMENT_COOKIE = "console-environment";

export function isEnvironment(value: unknown): value is Environment {
  return typeof value === "string" && (ENVIRONMENTS as readonly string[]).includes(value);
}

export function environmentLabel(environment: Environment): string {
  return environment === "sandbox" ? "Sandbox" : "Production";
}

/**
 * The cookie's value in a Cookie header, or null: the first `name=value` pair of the header (pairs split at `;`)
 * whose name, trimmed, is the cookie's; the value trimmed. Found by searching, not by splitting the header, since
 * every request of the console reads it.
 */
export function environmentInCookieHeader(header: string | null | undefined): string | null {
  if (!header) return null;
  for (
    let at = header.indexOf(ENVIRONMENT_COOKIE);
    at !== -1;
    at = header.indexOf(ENVIRONMENT_COOKIE, at + 1)
  ) {
    let before = at - 1;
    while (before >= 0 && isSpace(header.charCodeAt(before))) before--;
    if (before >= 0 && header[before] !== ";") continue;
    let equals = at + ENVIRONMENT_COOKIE.length;
    while (isSpace(header.charCodeAt(equals))) equals++;
    if (header[equals] !== "=") continue;
    const end = header.indexOf(";", equals);
    return header.slice(equals + 1, end === -1 ? undefined : end).trim();
  }
  return null;
}

/** Whitespace as String.prototype.trim sees it in a header (space, tab, and the rest of ASCII's). */
function isSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}
