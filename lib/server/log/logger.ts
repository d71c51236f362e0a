import "server-only";
import { safeError, safeErrorText } from "../../../shared/log/safe-error";

/**
 * The console's one server-side logger. A line carries ids and codes, never personal data, hashes or secrets:
 *
 *   log.error("webhooks", "could not store a delivery", { requestId, webhookId, error });
 *   → error [webhooks] could not store a delivery requestId=… webhookId=… error=DrizzleQueryError ← DatabaseError code=23514 …
 *
 * `error` is written as its kind, its PostgreSQL SQLSTATE, constraint and table (shared/log/safe-error.ts), never its
 * message or stack. Every other field must be an id, a code, a count or a path the caller knows holds no personal
 * data; anything but a string, number or boolean is written as "[omitted]", and strings are cut short.
 */
export interface LogFields {
  requestId?: string | undefined;
  error?: unknown;
  [field: string]: unknown;
}

type Level = "error" | "warn" | "info";

const MAX_VALUE_LENGTH = 200;

export function logLine(level: Level, scope: string, message: string, fields: LogFields = {}): string {
  const parts = [level, `[${scope}]`, oneLine(message)];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || name === "error") continue;
    parts.push(`${name}=${fieldText(value)}`);
  }
  if ("error" in fields) parts.push(`error=${safeErrorText(safeError(fields.error))}`);
  return parts.join(" ");
}

function write(level: Level, scope: string, message: string, fields?: LogFields): void {
  const line = logLine(level, scope, message, fields);
  if (level === "info") console.log(line);
  else console.error(line);
}

export const log = {
  error: (scope: string, message: string, fields?: LogFields) => write("error", scope, message, fields),
  warn: (scope: string, message: string, fields?: LogFields) => write("warn", scope, message, fields),
  info: (scope: string, message: string, fields?: LogFields) => write("info", scope, message, fields),
};

function fieldText(value: unknown): string {
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  if (typeof value !== "string") return "[omitted]";
  const text = oneLine(value).slice(0, MAX_VALUE_LENGTH);
  return /^[\w.:/@$+-]*$/.test(text) && text !== "" ? text : JSON.stringify(text);
}

/** Control characters would let a value start a forged log line of its own. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, " ");
}
