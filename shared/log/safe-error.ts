/**
 * What of an error may be written to a log: its kind and the codes that say what failed, never its values. A
 * failed query's message carries its parameters (drizzle's "Failed query: … params: …": webhook bodies with names
 * and birth dates, user rows with password hashes), PostgreSQL's `detail` carries the failing row, and a stack
 * trace may carry both; none of them is kept. Shared by the console's logger and the service's.
 */
export interface SafeError {
  /** The error's class: DrizzleQueryError, DatabaseError, TypeError, ConfigurationError… */
  name: string;
  /** PostgreSQL's SQLSTATE (23505) or Node's error code (ECONNREFUSED). */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** Only for errors whose message is written for people and holds no input (SAFE_MESSAGE_ERRORS). */
  message?: string;
  /** The underlying error, summarised the same way. */
  cause?: SafeError;
}

/** Errors whose message is known to be written by us, for people, without any input in it. */
// Not ApiError (shared/api-error.ts, the console's and the service's): some of its messages quote what was sent
// ("A user with the email … already exists").
const SAFE_MESSAGE_ERRORS = new Set(["ConfigurationError"]);
const MAX_DEPTH = 4;
const MAX_FIELD_LENGTH = 100;

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { name: error === null ? "null" : typeof error };
  const record = error as Error & Record<string, unknown>;
  const summary: SafeError = { name: errorName(record) };
  for (const field of ["code", "constraint", "table", "column"] as const) {
    const value = identifier(record[field]);
    if (value !== undefined) summary[field] = value;
  }
  if (SAFE_MESSAGE_ERRORS.has(summary.name)) summary.message = error.message.slice(0, 300);
  const cause = causeOf(error);
  if (cause !== undefined && depth < MAX_DEPTH) summary.cause = safeError(cause, depth + 1);
  return summary;
}

/** The summary on one line: `DrizzleQueryError ← DatabaseError code=23505 constraint=users_email_key`. */
export function safeErrorText(summary: SafeError): string {
  const parts: string[] = [summary.name];
  for (const field of ["code", "constraint", "table", "column"] as const) {
    if (summary[field] !== undefined) parts.push(`${field}=${summary[field]}`);
  }
  if (summary.message !== undefined) parts.push(JSON.stringify(summary.message));
  const text = parts.join(" ");
  return summary.cause ? `${text} ← ${safeErrorText(summary.cause)}` : text;
}

/** Auth.js wraps the error it caught as `cause: { err }`; everything else sets `cause` to the error itself. */
function causeOf(error: Error): unknown {
  const cause = error.cause;
  if (cause && typeof cause === "object" && !(cause instanceof Error) && "err" in cause) return cause.err;
  return cause;
}

/**
 * drizzle's DrizzleQueryError and pg's DatabaseError do not name themselves (their `name` is "Error" and
 * "error"), and a minified build renames classes, so both are recognised by their fields.
 */
function errorName(error: Error & Record<string, unknown>): string {
  if (typeof error.query === "string" && Array.isArray(error.params)) return "DrizzleQueryError";
  if (typeof error.severity === "string" && typeof error.code === "string") return "DatabaseError";
  const name = identifier(error.name) ?? "Error";
  return name === "Error" ? (identifier(error.constructor?.name) ?? name) : name;
}

/** A short identifier-like string (a code, a constraint or table name), or undefined for anything else. */
function identifier(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const text = String(value);
  return /^[\w.$:-]+$/.test(text) && text.length <= MAX_FIELD_LENGTH ? text : undefined;
}
