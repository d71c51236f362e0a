import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { zodIssuesToFieldErrors } from "../../../../shared/contract";
import type { ProxyRoute } from "../../../universal/relay/route-table";
import { isJsonContentType, refuseDeepJson, refuseUnstorableText } from "../../http/json-body";
import { readBodyText } from "../../http/read-body";
import type { RelayStep } from "./step";

const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * The request against the API's contract (shared/contract): its query, then its body (JSON read whole, or an upload
 * that streams through as multipart/form-data). Validation gates the request, it does not rewrite it: the original
 * text goes upstream.
 */
export const contractStep: RelayStep = (context, next) => {
  const { route, headers, upstreamHeaders } = context;
  checkQuery(route, context.url.searchParams);
  if (route.streamBody) {
    const contentType = headers.get("content-type");
    if (!contentType?.startsWith("multipart/form-data")) {
      throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Upload the file as multipart/form-data.");
    }
    upstreamHeaders["content-type"] = contentType;
    // Without a length the transport sends the upload in chunks.
    const length = headers.get("content-length");
    if (length) upstreamHeaders["content-length"] = length;
    context.body = context.incoming;
    return next();
  }
  // A read has no body to wait for: it goes on at once.
  if (!context.mutation) return next();
  return readBodyText(context.incoming, MAX_JSON_BODY_BYTES).then((text) => {
    const checked = checkJsonBody(route, text, headers.get("content-type"));
    if (checked) {
      context.body = checked.text;
      context.parsedBody = checked.parsed;
      upstreamHeaders["content-type"] = "application/json";
    }
    return next();
  });
};

/** 400 for a query the route's schema refuses, or any query on a route that takes none (the local service's aside). */
export function checkQuery(route: ProxyRoute, search: URLSearchParams): void {
  if (route.query) {
    const parsed = route.query.safeParse(queryObject(search));
    if (!parsed.success) throw invalid("The query has invalid or unknown parameters.", parsed.error);
  } else if ([...search.keys()].length > 0 && !route.local) {
    throw new ApiError(400, "INVALID_INPUT", "This route takes no query parameters.");
  }
}

/**
 * A mutation's JSON body: none to send when it is empty and the route takes no body; else 415 unless sent as
 * application/json, 400 for text that is not JSON, holds text the console cannot store, or fails the route's schema.
 * An empty body of a route that takes one is checked (and sent) as `{}`.
 */
export function checkJsonBody(
  route: ProxyRoute,
  text: string,
  contentType: string | null,
): { text: string; parsed: unknown } | null {
  const empty = text.trim() === "";
  if (empty && !route.body) return null;
  if (!empty && !isJsonContentType(contentType)) {
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  }
  if (!empty) refuseDeepJson(text);
  let parsed: unknown;
  try {
    parsed = empty ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, "INVALID_INPUT", "The request body is not valid JSON.");
  }
  refuseUnstorableText(parsed);
  if (route.body) {
    const checked = route.body.safeParse(parsed);
    if (!checked.success) throw invalid("Some fields are not valid.", checked.error);
  }
  return { text: empty ? "{}" : text, parsed };
}

function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    out[key] = values.length === 1 ? (values[0] ?? "") : values;
  }
  return out;
}

function invalid(message: string, error: Parameters<typeof zodIssuesToFieldErrors>[0]) {
  return new ApiError(400, "INVALID_INPUT", message, zodIssuesToFieldErrors(error));
}
