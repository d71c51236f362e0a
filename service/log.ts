import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { type SafeError, safeError } from "../shared/log/safe-error";

/** Where the service's log lines go instead of stdout; tests pass one to read them. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * The service's pino options: a line carries ids and codes, never personal data or secrets. An error is written
 * as its kind and its PostgreSQL SQLSTATE, constraint and table (shared/log/safe-error.ts, as the console's logger
 * does), never its message, a failed query's parameters or PostgreSQL's `detail` (the failing row). A request
 * is written as its method and route, not its URL (query strings and path segments carry names and addresses),
 * and headers and bodies are never written; the redact paths hold that even if a line is given them by hand.
 */
export function serviceLoggerOptions(level: string, stream?: LogDestination): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    // Fastify's types expect pino's own error shape (with message and stack), which is exactly what is left out.
    serializers: {
      err: (error: unknown): SafeError => safeError(error),
      req: (request: FastifyRequest) => ({
        id: request.id,
        method: request.method,
        route: request.routeOptions?.url ?? "(no route)",
      }),
    } as unknown as Exclude<FastifyServerOptions["logger"], boolean | undefined>["serializers"],
    redact: {
      paths: [
        "req.headers",
        "req.body",
        "req.query",
        "req.params",
        "req.url",
        "headers",
        "authorization",
        "body",
        "query",
        "params",
        "err.message",
        "err.stack",
        "err.detail",
        "err.params",
        "err.query",
      ],
      censor: "[redacted]",
    },
  };
}
