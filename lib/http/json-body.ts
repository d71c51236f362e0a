import type { z } from "zod";
import { zodIssuesToFieldErrors } from "../contract/errors";
import { ConsoleError } from "./errors";
import { readBodyText } from "./read-body";

/**
 * A console route's JSON body, checked against its schema: 413 past `maxBytes`, 400 for text that is not JSON, 400
 * with one message per field for JSON the schema refuses. Nothing has been done when any of them is thrown.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  maxBytes: number,
): Promise<z.output<Schema>> {
  const text = await readBodyText(request, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ConsoleError(400, "INVALID_INPUT", "The request body is not valid JSON.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ConsoleError(
      400,
      "INVALID_INPUT",
      "Some fields are not valid.",
      zodIssuesToFieldErrors(parsed.error),
    );
  return parsed.data;
}
