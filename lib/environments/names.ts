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

/** The cookie's value in a Cookie header, or null. */
export function environmentInCookieHeader(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const equals = part.indexOf("=");
    if (equals === -1) continue;
    if (part.slice(0, equals).trim() === ENVIRONMENT_COOKIE) return part.slice(equals + 1).trim();
  }
  return null;
}
