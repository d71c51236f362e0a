import { isPublicPagePath } from "../../routes/hosted-page";
import type { RawResponse } from "./raw-http";

const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const ERROR_KEYS = new Set(["status", "code", "message", "details"]);

/** Pages for people (the KYC form, the invitee's page) answer their own errors as HTML pages. */
export const isHostedPage = isPublicPagePath;

/**
 * Why `response` is not a client error in the API's shape (api-notes §1), or undefined when it is:
 * a 4xx whose JSON body is `{status, code, message, details?}`, status equal to the HTTP status, code
 * UPPER_SNAKE, no stack trace. A HEAD answer has no body; a hosted page may answer an HTML page.
 */
export function clientErrorProblem(response: RawResponse, request: { method: string; path: string }) {
  if (response.status === 0) return `no answer (${response.error ?? "unknown"})`;
  if (response.status < 400 || response.status > 499) {
    return `HTTP ${response.status} instead of a 4xx: ${response.body.slice(0, 300)}`;
  }
  if (request.method === "HEAD") return undefined;
  const type = response.headers["content-type"] ?? "";
  if (isHostedPage(request.path) && type.startsWith("text/html")) return undefined;
  return errorBodyProblem(response);
}

/** Why a response's body is not the API's error shape, or undefined. */
export function errorBodyProblem(response: RawResponse): string | undefined {
  const type = response.headers["content-type"] ?? "";
  if (!type.startsWith("application/json")) return `content-type "${type}" is not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `body is not JSON: ${response.body.slice(0, 200)}`;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "body is not an object";
  const record = body as Record<string, unknown>;
  const extra = Object.keys(record).filter((key) => !ERROR_KEYS.has(key));
  if (extra.length > 0) return `unexpected fields ${extra.join(", ")} in ${response.body.slice(0, 200)}`;
  if (record.status !== response.status) return `status ${String(record.status)} ≠ HTTP ${response.status}`;
  if (typeof record.code !== "string" || !UPPER_SNAKE.test(record.code)) {
    return `code ${JSON.stringify(record.code)} is not UPPER_SNAKE`;
  }
  if (typeof record.message !== "string" || record.message.length === 0) return "message is missing";
  if (/\n\s+at |node_modules/.test(record.message)) return "message carries a stack trace";
  if (
    record.details !== undefined &&
    (typeof record.details !== "object" || record.details === null || Array.isArray(record.details))
  ) {
    return "details is not an object";
  }
  return undefined;
}
