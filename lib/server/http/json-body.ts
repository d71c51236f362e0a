import "server-only";
import type { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import { zodIssuesToFieldErrors } from "../../../shared/contract/errors";
import { findUnstorableText } from "../../universal/text/storable";
import { readBodyText } from "./read-body";

/** Whether a Content-Type names JSON (`application/json`, with or without parameters). */
export function isJsonContentType(value: string | null | undefined): boolean {
  return (value ?? "").split(";")[0]?.trim().toLowerCase() === "application/json";
}

/**
 * Text the console cannot store (NUL, an unpaired surrogate) in a body people sent: 400 naming the field, before
 * anything is recorded or done (lib/universal/text/storable.ts).
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

/** At most this many arrays and objects inside one another in a request body; no console body comes near it. */
export const MAX_JSON_DEPTH = 64;

/**
 * How deep the arrays and objects of a JSON text nest, read from the text without parsing it: `[` and `{` outside
 * strings open a level, `]` and `}` close one. Stops counting once past `limit`. Malformed text gives some number;
 * JSON.parse refuses it afterwards.
 */
export function jsonNestingDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash escapes the next character, a quote among them
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

/**
 * 400 for JSON nested deeper than MAX_JSON_DEPTH, before JSON.parse: 50,000 nested arrays parse, but every
 * recursive walk of them afterwards (the storable-text check, zod) overflows the stack and answered 500 (issue 46
 * item 12).
 */
export function refuseDeepJson(text: string): void {
  if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new ApiError(
      400,
      "INVALID_INPUT",
      `The request body nests arrays and objects more than ${MAX_JSON_DEPTH} deep.`,
      { fields: [{ path: "(root)", message: `Nested more than ${MAX_JSON_DEPTH} deep` }] },
    );
  }
}

/**
 * A console route's JSON body, checked against its schema: 415 unless sent as application/json (a form or
 * text/plain post from another site never gets this far), 413 past `maxBytes`, 400 for text that is not JSON, nests
 * too deep or holds text the console cannot store, 400 with one message per field for JSON the schema refuses. Nothing has been
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
  refuseDeepJson(text);
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
