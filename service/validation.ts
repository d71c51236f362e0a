import type { z } from "zod";
import { zodIssuesToFieldErrors } from "../shared/contract";
import { ApiError } from "./errors";

/**
 * Parses input with a contract schema; failure is a 400 (INVALID_INPUT by default) naming every failing field.
 * A request without a body reads as `{}`; a body that is JSON `null` is a body, and no schema accepts it.
 */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  input: unknown,
  code = "INVALID_INPUT",
): z.infer<T> {
  const result = schema.safeParse(input === undefined ? {} : input);
  if (result.success) return result.data;
  const { fields } = zodIssuesToFieldErrors(result.error);
  const summary = fields
    .slice(0, 3)
    .map((field) => `${field.path || "body"}: ${field.message}`)
    .join("; ");
  throw new ApiError(400, code, `Invalid request: ${summary}${fields.length > 3 ? "; …" : ""}`, { fields });
}
