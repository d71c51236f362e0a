import { BASE_PATH } from "./config";
import { ApiError } from "./errors";

/**
 * What the API answers for a request no route takes, with codes from its documented lists (api-notes §1):
 * - a known path with another method: 405, with the Allow header listing the methods it takes;
 * - an unknown path: 404 with the not-found code of the resource the path is under (a path under /quotes is
 *   QUOTE_NOT_FOUND). A path under no resource of the API has no such code; it is answered 404 INVALID_INPUT.
 */
export class RouteCatalog {
  private readonly routes: { method: string; pattern: RegExp }[] = [];

  /** Called for every route as it is registered (Fastify's onRoute hook). */
  add(method: string | string[], url: string): void {
    const source = url
      .split("/")
      .map((part) => (part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : escapeRegExp(part)))
      .join("/");
    const pattern = new RegExp(`^${source}/?$`);
    for (const one of Array.isArray(method) ? method : [method]) this.routes.push({ method: one, pattern });
  }

  /** The methods some route takes at this concrete path (HEAD comes with GET). */
  methodsAt(path: string): string[] {
    const methods = new Set(this.routes.filter((route) => route.pattern.test(path)).map((r) => r.method));
    return [...methods].sort();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The not-found code of the resource a path is under, longest prefix first. */
const NOT_FOUND_BY_PREFIX: [string, string][] = [
  ["/customers/bulk", "BULK_UPLOAD_JOB_NOT_FOUND"],
  ["/customers/internal-accounts", "ACCOUNT_NOT_FOUND"],
  ["/customers/external-accounts", "ACCOUNT_NOT_FOUND"],
  ["/customers", "USER_NOT_FOUND"],
  ["/platform", "ACCOUNT_NOT_FOUND"],
  ["/sandbox/internal-accounts", "ACCOUNT_NOT_FOUND"],
  ["/sandbox/uma", "UMA_NOT_FOUND"],
  ["/sandbox", "TRANSACTION_NOT_FOUND"],
  ["/quotes", "QUOTE_NOT_FOUND"],
  ["/transactions", "TRANSACTION_NOT_FOUND"],
  ["/transfer-in", "TRANSACTION_NOT_FOUND"],
  ["/transfer-out", "TRANSACTION_NOT_FOUND"],
  ["/invitations", "INVITATION_NOT_FOUND"],
  ["/receiver", "LOOKUP_REQUEST_NOT_FOUND"],
];

export function unknownEndpointError(catalog: RouteCatalog, method: string, url: string): ApiError {
  const path = url.split("?", 1)[0] ?? "";
  const allowed = catalog.methodsAt(path);
  if (allowed.length > 0) {
    return new ApiError(
      405,
      "INVALID_INPUT",
      `${path} does not take ${method}; it takes ${allowed.join(", ")}.`,
      {
        allow: allowed,
      },
    );
  }
  const within = path.startsWith(`${BASE_PATH}/`) ? path.slice(BASE_PATH.length) : undefined;
  const code =
    within === undefined
      ? undefined
      : NOT_FOUND_BY_PREFIX.find(([prefix]) => within === prefix || within.startsWith(`${prefix}/`))?.[1];
  return new ApiError(404, code ?? "INVALID_INPUT", `No endpoint ${method} ${path}.`);
}
