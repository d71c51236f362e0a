/**
 * Whether an error, or one it wraps (drizzle's DrizzleQueryError wraps the driver's), is PostgreSQL's "data
 * exception" (SQLSTATE class 22): a value the column's type cannot hold or compare, such as text that is no uuid
 * (22P02), a NUL in text (22021), a number past bigint (22003) or a date before year 1 (22008). Only a request's
 * own values lead there, so both servers answer it as the request's fault (400), never as a 500: each checks what
 * it can first, and this is the net under what a check missed.
 */
export function isDataException(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true;
  return isDataException(cause, depth + 1);
}
