import "server-only";
import type { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import { zodIssuesToFieldErrors } from "../../../shared/contract";

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
