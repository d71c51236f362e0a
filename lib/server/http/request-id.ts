import "server-only";
import { randomUUID } from "node:crypto";

/**
 * The console's own id for a request, for its logs and answers: always made here, never taken from the caller (a
 * client's X-Request-Id is kept beside it where it is recorded, as the client's: lib/server/guard/route-guard.ts).
 */
export function newRequestId(): string {
  return randomUUID();
}
