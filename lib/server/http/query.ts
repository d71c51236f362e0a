import "server-only";
import type { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import { zodIssuesToFieldErrors } from "../../../shared/contract";
import { isUnstorableString } from "../../universal/text/storable";

/**
 * A query string as one value per name. A repeated name would be read as one of its values without saying which,
 * so it is refused.
 */
export function singleValuedQuery(search: URLSearchParams): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    if (values.length > 1) {
      throw new ApiError(400, "INVALID_INPUT", `The filter ${key} is given more than once.`);
    }
    raw[key] = values[0] ?? "";
  }
  return raw;
}

/**
 * A console route's query checked against its schema: the values, or a 400 in the API's error shape that names
 * each field at fault.
 */
export function parseQuery<Schema extends z.ZodType>(
  schema: Schema,
  request: Request,
  message = "The filters are not valid.",
): z.output<Schema> {
  const parsed = schema.safeParse(singleValuedQuery(new URL(request.url).searchParams));
  if (!parsed.success) {
    throw new ApiError(400, "INVALID_INPUT", message, zodIssuesToFieldErrors(parsed.error));
  }
  return parsed.data;
}

/**
 * A route's address refused when a path parameter or a query value holds text no database can compare (NUL, an
 * unpaired surrogate: lib/universal/text/storable.ts): 400 naming it, before any query runs (consoleRoute).
 */
export function refuseUnstorableAddress(params: Record<string, unknown>, search: URLSearchParams): void {
  const at = (name: string) => {
    throw new ApiError(
      400,
      "INVALID_INPUT",
      "The address holds characters the console does not accept (NUL or an unpaired surrogate).",
      { fields: [{ path: name, message: "Remove the NUL or unpaired surrogate characters" }] },
    );
  };
  for (const [name, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item === "string" && isUnstorableString(item))) at(name);
  }
  for (const [name, value] of search) {
    if (isUnstorableString(name) || isUnstorableString(value)) at(isUnstorableString(name) ? "query" : name);
  }
}
