/**
 * PostgreSQL's own error, as the driver raises it and drizzle wraps it (DrizzleQueryError, with the driver's error as
 * its `cause`): its SQLSTATE code and, for a constraint, the constraint's name. Undefined for anything else.
 */
function databaseErrorOf(error: unknown): { code: string; constraint: string | null } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === "object"; depth++) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : null };
    }
    current = cause;
  }
  return undefined;
}

/**
 * Whether an error is PostgreSQL's "data exception" (SQLSTATE class 22): a value the column's type cannot hold or
 * compare, such as text that is no uuid (22P02), a NUL in text (22021), a number past bigint (22003) or a date
 * before year 1 (22008). Only a request's own values lead there, so both servers answer it as the request's fault
 * (400), never as a 500: each checks what it can first, and this is the net under what a check missed.
 */
export function isDataException(error: unknown): boolean {
  return databaseErrorOf(error)?.code.startsWith("22") ?? false;
}

/** Whether an error is a unique violation (23505), of the named constraint or index when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = databaseErrorOf(error);
  return found?.code === "23505" && (constraint === undefined || found.constraint === constraint);
}
