import type { z } from "zod";
import { ApiError } from "../../shared/api-error";
import { zodIssuesToFieldErrors } from "../../shared/contract/errors";
import { findUnstorableText } from "../text/storable";
import { readBodyText } from "./read-body";

/** Whether a Content-Type names JSON (`application/json`, with or without parameters). */
export function isJsonContentType(value: string | null | undefined): boolean {
  return (value ?? "").split(";")[0]?.trim().toLowerCase() === "application/json";
}

/**
 * Text the console cannot store (NUL, an unpaired surrogate) in a body people sent: 400 naming the field, before
 * anything is recorded or done (lib/text/storable.ts).
 */
export function refuseUnstorableText(body: unknown): void {
  const path = findUnstorableText(body);
  if (path !== null) {
    throw new ApiError(
      400,
      "INVALID_INPUT",
      "Some text holds characters the console does not accept (NUL or an unpaired surrogate).",
      { fields: [{ path, message: "Remove the NUL or unpaired surrogate characters" }] },
    );
  }
}

/**
 * A console route's JSON body, checked against its schema: 415 unless sent as application/json (a form or
 * text/plain post from another site never gets this far), 413 past `maxBytes`, 400 for text that is not JSON or
 * holds text the console cannot store, 400 with one message per field for JSON the schema refuses. Nothing has been
 * done when any of them is thrown.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  maxBytes: number,
): Promise<z.output<Schema>> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  }
  const text = await readBodyText(request, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, "INVALID_INPUT", "The request body is not valid JSON.");
  }
  refuseUnstorableText(body);
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ApiError(
      400,
      "INVALID_INPUT",
      "Some fields are not valid.",
      zodIssuesToFieldErrors(parsed.error),
    );
  return parsed.data;
}
