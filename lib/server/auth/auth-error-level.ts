import "server-only";

/**
 * How loud Auth.js's report of an error should be in the console's log. Two are what people do every day, not faults:
 * a wrong password (counted for rate limiting, and refused with its own message) and a session cookie that has
 * outlived its idle time (the person is sent to sign in again). Any other failure to read a session cookie (a cookie
 * that does not decrypt, one with a forged or broken token) and every other Auth.js error stays an error.
 */
export type AuthErrorLevel = "silent" | "info" | "error";

export function authErrorLevel(error: unknown): AuthErrorLevel {
  if (!(error instanceof Error)) return "error";
  const type = (error as Error & { type?: unknown }).type;
  if (type === "CredentialsSignin") return "silent";
  if (type === "JWTSessionError" && causeCode(error) === "ERR_JWT_EXPIRED") return "info";
  return "error";
}

/** Auth.js wraps the failure it caught as `cause.err` (jose's error, whose `code` names what failed). */
function causeCode(error: Error): unknown {
  const cause = error.cause;
  if (typeof cause !== "object" || cause === null) return undefined;
  const inner = (cause as { err?: unknown }).err;
  return typeof inner === "object" && inner !== null ? (inner as { code?: unknown }).code : undefined;
}
